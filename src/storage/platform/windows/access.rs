//! Who owns a directory and who may write in it, on Windows: the owner SID
//! and the access list, judged as OpenSSH for Windows judges `~/.ssh`
//! (contrib/win32/win32compat/w32-sshfileperm.c); and the descriptor that
//! makes a new directory the player's alone.
//!
//! What wine (8.0, which CI runs the tests under) keeps of this, measured
//! by the tests below: it neither stores nor enforces access lists. An
//! owner or a list set through the API becomes the Unix mode of the file
//! (entries for the owner and for Everyone, as the mode's user and other
//! bits; every other entry, inherit-only ones, and the owner are dropped),
//! and is read back as the player's SID owning it, with entries for
//! SYSTEM, the player, and Everyone as the mode allows; who may open what
//! is the Unix mode's to say. Symbolic links and junctions are not made
//! at all (CreateSymbolicLinkW answers that it made one). So a directory
//! Everyone may write in is tested on disk, and the rest of the judgement
//! on descriptors made from their text form, which wine builds as Windows
//! does.

use std::fs::Metadata;
use std::io;
use std::os::windows::ffi::OsStrExt;
use std::os::windows::io::{AsRawHandle, FromRawHandle, OwnedHandle};
use std::path::Path;

use windows_sys::Win32::Foundation::{GENERIC_ALL, GENERIC_WRITE, LocalFree};
use windows_sys::Win32::Security::Authorization::{
    ConvertSidToStringSidW, ConvertStringSecurityDescriptorToSecurityDescriptorW,
    GetNamedSecurityInfoW, SDDL_REVISION_1, SE_FILE_OBJECT,
};
use windows_sys::Win32::Security::{
    ACCESS_ALLOWED_ACE, ACE_HEADER, ACL, DACL_SECURITY_INFORMATION, GetAce,
    GetSecurityDescriptorDacl, GetSecurityDescriptorOwner, GetTokenInformation, LookupAccountSidW,
    OWNER_SECURITY_INFORMATION, PSECURITY_DESCRIPTOR, PSID, SID_NAME_USE, TOKEN_QUERY, TOKEN_USER,
    TokenUser,
};
use windows_sys::Win32::Storage::FileSystem::{
    DELETE, FILE_ADD_FILE, FILE_ADD_SUBDIRECTORY, FILE_DELETE_CHILD, WRITE_DAC, WRITE_OWNER,
};
use windows_sys::Win32::System::SystemServices::{
    ACCESS_ALLOWED_ACE_TYPE, ACCESS_ALLOWED_CALLBACK_ACE_TYPE,
};
use windows_sys::Win32::System::Threading::{GetCurrentProcess, OpenProcessToken};
use windows_sys::core::PWSTR;

use super::super::Exposure;

/// A security descriptor, with its owner and access list: read from a
/// file or made from its text form, in memory Windows allocated, freed when
/// dropped. `owner` and `dacl` point into it; `dacl` is null when there is
/// no access list (everyone may do anything).
pub(super) struct Descriptor {
    pub(super) raw: PSECURITY_DESCRIPTOR,
    owner: PSID,
    dacl: *mut ACL,
}

impl Descriptor {
    /// One whose access list is protected from inheritance and allows full
    /// control, inherited by what is made inside, to the user running
    /// tudoku and to SYSTEM.
    pub(super) fn for_current_user() -> io::Result<Descriptor> {
        let user = current_user_sid()?;
        Descriptor::from_sddl(&format!("D:P(A;OICI;FA;;;{user})(A;OICI;FA;;;SY)"))
    }

    /// The descriptor written in the Security Descriptor Definition
    /// Language.
    fn from_sddl(sddl: &str) -> io::Result<Descriptor> {
        let sddl: Vec<u16> = sddl.encode_utf16().chain([0]).collect();
        let mut made = Descriptor::empty();
        let (mut present, mut defaulted) = (0, 0);
        // SAFETY: a NUL-terminated descriptor string, pointers for the calls
        // to fill (the first with memory that `Drop` frees, the others with
        // pointers into it).
        let read = unsafe {
            ConvertStringSecurityDescriptorToSecurityDescriptorW(
                sddl.as_ptr(),
                SDDL_REVISION_1,
                &mut made.raw,
                std::ptr::null_mut(),
            ) != 0
                && GetSecurityDescriptorOwner(made.raw, &mut made.owner, &mut defaulted) != 0
                && GetSecurityDescriptorDacl(made.raw, &mut present, &mut made.dacl, &mut defaulted)
                    != 0
        };
        if !read {
            return Err(io::Error::last_os_error());
        }
        Ok(made)
    }

    /// The owner and access list of the file at `path` (through a reparse
    /// point, as `fs::metadata` reads).
    fn of_file(path: &Path) -> io::Result<Descriptor> {
        let wide: Vec<u16> = path.as_os_str().encode_wide().chain([0]).collect();
        let mut read = Descriptor::empty();
        // SAFETY: a NUL-terminated path, and pointers for the call to fill
        // (the descriptor with memory that `Drop` frees).
        let error = unsafe {
            GetNamedSecurityInfoW(
                wide.as_ptr(),
                SE_FILE_OBJECT,
                OWNER_SECURITY_INFORMATION | DACL_SECURITY_INFORMATION,
                &mut read.owner,
                std::ptr::null_mut(),
                &mut read.dacl,
                std::ptr::null_mut(),
                &mut read.raw,
            )
        };
        if error != 0 {
            return Err(io::Error::from_raw_os_error(error as i32));
        }
        Ok(read)
    }

    fn empty() -> Descriptor {
        Descriptor {
            raw: std::ptr::null_mut(),
            owner: std::ptr::null_mut(),
            dacl: std::ptr::null_mut(),
        }
    }
}

impl Drop for Descriptor {
    fn drop(&mut self) {
        // SAFETY: memory Windows allocated with LocalAlloc (or null), freed
        // once.
        unsafe { LocalFree(self.raw) };
    }
}

/// Those besides the player who may own a directory the player uses, as
/// OpenSSH allows for `~/.ssh`: SYSTEM, and the Administrators group, which
/// owns what an elevated administrator creates.
const TRUSTED_OWNERS: [&str; 2] = ["S-1-5-18", "S-1-5-32-544"];

/// Those besides the player who may write in it: the same, and two SIDs
/// that stand for someone already allowed: CREATOR OWNER (in an entry
/// inherited by new files: whoever creates one, who could write in the
/// directory) and OWNER RIGHTS (the owner, checked above).
const TRUSTED_WRITERS: [&str; 4] = ["S-1-5-18", "S-1-5-32-544", "S-1-3-0", "S-1-3-4"];

/// The rights that let someone add, delete or rename what is in a
/// directory, or give themselves that right. In an entry that the files
/// made inside inherit, the same bits let them write those files' data
/// (FILE_WRITE_DATA, FILE_APPEND_DATA), so inherit-only entries count too.
/// Attributes and extended attributes are left out, as Unix's `w` bit
/// leaves out a file's times.
const WRITE_RIGHTS: u32 = FILE_ADD_FILE
    | FILE_ADD_SUBDIRECTORY
    | FILE_DELETE_CHILD
    | DELETE
    | WRITE_DAC
    | WRITE_OWNER
    | GENERIC_WRITE
    | GENERIC_ALL;

/// Who besides the player could change what is in the directory `dir`:
/// an owner other than the player, SYSTEM or the Administrators, or an
/// entry of its access list that lets anyone else write in it (Everyone,
/// Authenticated Users, Users, another user). No access list at all lets
/// everyone in. Entries that deny are not counted in the player's favour,
/// as OpenSSH does not count them: what an allowing entry grants is
/// refused however it is ordered. `_meta` is Unix's: Windows keeps the
/// owner and the list apart from the metadata std reads.
pub fn exposure(dir: &Path, _meta: &Metadata) -> io::Result<Option<Exposure>> {
    judge(&Descriptor::of_file(dir)?, &current_user_sid()?, dir)
}

/// The judgement of `exposure` on the descriptor of `dir`, for the user
/// whose SID is `me`.
fn judge(security: &Descriptor, me: &str, dir: &Path) -> io::Result<Option<Exposure>> {
    // a descriptor without an owner (made from text, say) has none to refuse
    if !security.owner.is_null() {
        // SAFETY: an owner SID inside the descriptor `security` keeps.
        let owner = unsafe { sid_string(security.owner) }?;
        if owner != me && !TRUSTED_OWNERS.contains(&owner.as_str()) {
            return Ok(Some(Exposure::Owner {
                // SAFETY: as above.
                who: unsafe { account_name(security.owner) }.unwrap_or(owner),
                fix: format!(
                    "`takeown /f \"{}\"` as an administrator makes it yours, \
                     or use a directory of your own (--config-dir)",
                    dir.display()
                ),
            }));
        }
    }
    if security.dacl.is_null() {
        return Ok(Some(Exposure::Writers {
            who: "everyone: it has no access list".to_string(),
            fix: format!(
                "`icacls \"{}\" /inheritance:r /grant:r *{me}:(OI)(CI)F` makes it yours alone",
                dir.display()
            ),
        }));
    }
    let mut writers: Vec<(String, String)> = Vec::new();
    // SAFETY: an access list inside the descriptor `security` keeps.
    for (sid, rights) in unsafe { allowing_entries(security.dacl) }? {
        // SAFETY: a SID inside that access list.
        let text = unsafe { sid_string(sid) }?;
        let trusted = text == me || TRUSTED_WRITERS.contains(&text.as_str());
        if rights & WRITE_RIGHTS == 0 || trusted || writers.iter().any(|(s, _)| *s == text) {
            continue;
        }
        // SAFETY: as above.
        let name = unsafe { account_name(sid) }.unwrap_or_else(|| text.clone());
        writers.push((text, name));
    }
    if writers.is_empty() {
        return Ok(None);
    }
    let names: Vec<&str> = writers.iter().map(|(_, name)| name.as_str()).collect();
    let sids: Vec<String> = writers.iter().map(|(sid, _)| format!("*{sid}")).collect();
    Ok(Some(Exposure::Writers {
        who: names.join(", "),
        // /inheritance:d first turns inherited entries into the
        // directory's own, which /remove:g can then take out
        fix: format!(
            "`icacls \"{}\" /inheritance:d /remove:g {}` makes it yours alone",
            dir.display(),
            sids.join(" ")
        ),
    }))
}

/// The SID and rights of each entry of `dacl` that allows (the others
/// deny, audit, or name directory-service objects).
///
/// # Safety
/// `dacl` must be a valid access list that outlives the SIDs returned.
unsafe fn allowing_entries(dacl: *const ACL) -> io::Result<Vec<(PSID, u32)>> {
    let mut entries = Vec::new();
    // SAFETY: the caller's promise.
    let count = unsafe { (*dacl).AceCount };
    for index in 0..u32::from(count) {
        let mut ace = std::ptr::null_mut();
        // SAFETY: an index below the list's count, and a pointer for the
        // call to fill with one into the list.
        if unsafe { GetAce(dacl, index, &mut ace) } == 0 {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: every entry starts with a header.
        let kind = u32::from(unsafe { (*ace.cast::<ACE_HEADER>()).AceType });
        if kind == ACCESS_ALLOWED_ACE_TYPE || kind == ACCESS_ALLOWED_CALLBACK_ACE_TYPE {
            // SAFETY: both kinds are laid out as ACCESS_ALLOWED_ACE: the
            // header, the rights, then the SID.
            let allowed = ace.cast::<ACCESS_ALLOWED_ACE>();
            let rights = unsafe { (*allowed).Mask };
            let sid = unsafe { &raw mut (*allowed).SidStart }.cast();
            entries.push((sid, rights));
        }
    }
    Ok(entries)
}

/// The account a SID names, as `DOMAIN\name` (`Everyone`,
/// `BUILTIN\Users`, `PC\alice`); `None` when it names no account known
/// here.
///
/// # Safety
/// `sid` must be a valid SID.
unsafe fn account_name(sid: PSID) -> Option<String> {
    let mut name = [0u16; 256];
    let mut domain = [0u16; 256];
    let (mut name_len, mut domain_len) = (name.len() as u32, domain.len() as u32);
    let mut kind: SID_NAME_USE = 0;
    // SAFETY: the caller's SID, and buffers of the lengths given.
    let found = unsafe {
        LookupAccountSidW(
            std::ptr::null(),
            sid,
            name.as_mut_ptr(),
            &mut name_len,
            domain.as_mut_ptr(),
            &mut domain_len,
            &mut kind,
        )
    };
    if found == 0 {
        return None;
    }
    let name = String::from_utf16_lossy(&name[..name_len as usize]);
    let domain = String::from_utf16_lossy(&domain[..domain_len as usize]);
    Some(if domain.is_empty() {
        name
    } else {
        format!("{domain}\\{name}")
    })
}

/// A SID in its string form (S-1-5-...).
///
/// # Safety
/// `sid` must be a valid SID.
unsafe fn sid_string(sid: PSID) -> io::Result<String> {
    let mut text: PWSTR = std::ptr::null_mut();
    // SAFETY: the caller's SID, and a pointer for the call to fill with
    // memory freed below.
    if unsafe { ConvertSidToStringSidW(sid, &mut text) } == 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: a string the conversion allocated with LocalAlloc.
    Ok(unsafe { take_local_string(text) })
}

/// The SID of the user this process runs as, in its string form (S-1-5-...).
fn current_user_sid() -> io::Result<String> {
    let mut token = std::ptr::null_mut();
    // SAFETY: a pseudo-handle to this process, and a handle for the call to
    // fill, owned (and closed) below.
    if unsafe { OpenProcessToken(GetCurrentProcess(), TOKEN_QUERY, &mut token) } == 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: the token handle just opened, owned here alone.
    let token = unsafe { OwnedHandle::from_raw_handle(token) };
    // TOKEN_USER and the SID it points into, in a buffer aligned for it
    let mut buffer = [0u64; 16];
    let mut size = 0;
    // SAFETY: an open token and a buffer of the size given.
    let read = unsafe {
        GetTokenInformation(
            token.as_raw_handle(),
            TokenUser,
            buffer.as_mut_ptr().cast(),
            std::mem::size_of_val(&buffer) as u32,
            &mut size,
        )
    };
    if read == 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: GetTokenInformation wrote a TOKEN_USER at the buffer's start.
    let sid = unsafe { (*buffer.as_ptr().cast::<TOKEN_USER>()).User.Sid };
    // SAFETY: a valid SID inside `buffer`.
    unsafe { sid_string(sid) }
}

/// The text of a NUL-terminated wide string allocated with LocalAlloc,
/// which is freed.
///
/// # Safety
/// `text` must be such a string, not used again after the call.
unsafe fn take_local_string(text: PWSTR) -> String {
    // SAFETY: the caller's promise: readable up to its NUL, freed once.
    unsafe {
        let length = (0..).take_while(|&i| *text.add(i) != 0).count();
        let string = String::from_utf16_lossy(std::slice::from_raw_parts(text, length));
        LocalFree(text.cast());
        string
    }
}

#[cfg(test)]
mod tests {
    use super::super::create_private_dir;
    use super::*;
    use crate::storage::dirs::check_config_dir;
    use windows_sys::Win32::Security::Authorization::ConvertSecurityDescriptorToStringSecurityDescriptorW;
    use windows_sys::Win32::Security::{PROTECTED_DACL_SECURITY_INFORMATION, SetFileSecurityW};

    /// The owner and access list of `path` in SDDL, as Windows reads them
    /// back.
    fn security_text(path: &Path) -> String {
        let security = Descriptor::of_file(path).unwrap();
        let mut text = std::ptr::null_mut();
        // SAFETY: the descriptor just read, and a pointer for the call to
        // fill.
        let made = unsafe {
            ConvertSecurityDescriptorToStringSecurityDescriptorW(
                security.raw,
                SDDL_REVISION_1,
                OWNER_SECURITY_INFORMATION | DACL_SECURITY_INFORMATION,
                &mut text,
                std::ptr::null_mut(),
            )
        };
        assert_ne!(made, 0, "{}", io::Error::last_os_error());
        // SAFETY: a string the conversion allocated with LocalAlloc.
        unsafe { take_local_string(text) }
    }

    /// Gives `path` the access list written in SDDL (`D:...`, protected
    /// from inheritance), as `icacls` or Explorer would.
    fn set_access_list(path: &Path, sddl: &str) {
        let descriptor = Descriptor::from_sddl(sddl).unwrap();
        let parts = DACL_SECURITY_INFORMATION | PROTECTED_DACL_SECURITY_INFORMATION;
        let wide: Vec<u16> = path.as_os_str().encode_wide().chain([0]).collect();
        // SAFETY: a NUL-terminated path and a descriptor alive for the call.
        let set = unsafe { SetFileSecurityW(wide.as_ptr(), parts, descriptor.raw) };
        assert_ne!(set, 0, "{sddl}: {}", io::Error::last_os_error());
    }

    /// The access list the player's own directories have: the player and
    /// SYSTEM in full.
    fn private_list() -> String {
        let me = current_user_sid().unwrap();
        format!("D:P(A;OICI;FA;;;{me})(A;OICI;FA;;;SY)")
    }

    #[test]
    fn a_new_directory_and_its_files_are_the_players_alone() {
        let user = current_user_sid().unwrap();
        assert!(user.starts_with("S-1-"), "{user}");
        let dir = tempfile::tempdir().unwrap();
        let deep = dir.path().join("tudoku").join("saves");
        create_private_dir(&deep).unwrap();
        let file = deep.join("a.toml");
        std::fs::write(&file, b"mine").unwrap();
        assert_eq!(std::fs::read(&file).unwrap(), b"mine");
        // only the player and SYSTEM, where a directory made the usual way
        // lets others in (under wine, Everyone may read; wine does not keep
        // the list's protected flag, so that is not checked)
        let list = security_text(&deep);
        assert!(list.contains(&format!("(A;OICI;FA;;;{user})")), "{list}");
        assert!(list.contains("(A;OICI;FA;;;SY)"), "{list}");
        assert_eq!(list.matches("(A;").count(), 2, "{list}");
    }

    /// On disk, through the file system (wine keeps an Everyone entry, as
    /// the Unix mode's bits for others).
    #[test]
    fn a_directory_everyone_may_write_in_is_refused_and_one_of_tudokus_passes() {
        let dir = tempfile::tempdir().unwrap();
        let saves = dir.path().join("saves");
        create_private_dir(&saves).unwrap();
        assert_eq!(check_config_dir(dir.path(), &saves), Ok(()));
        // made the usual way, as %APPDATA% is: others may read, not write
        let plain = dir.path().join("plain");
        std::fs::create_dir_all(plain.join("saves")).unwrap();
        assert_eq!(check_config_dir(&plain, &plain.join("saves")), Ok(()));
        set_access_list(&saves, &format!("{}(A;OICI;FR;;;WD)", private_list()));
        assert_eq!(check_config_dir(dir.path(), &saves), Ok(()));
        set_access_list(&saves, &format!("{}(A;OICI;0x1301bf;;;WD)", private_list()));
        let err = check_config_dir(dir.path(), &saves).unwrap_err();
        let shown = saves.display();
        assert_eq!(
            err,
            format!(
                "refusing to use {shown}: others may write in it (Everyone); \
                 `icacls \"{shown}\" /inheritance:d /remove:g *S-1-1-0` makes it yours alone"
            )
        );
        // the config directory itself is checked the same way
        set_access_list(&saves, &private_list());
        set_access_list(dir.path(), &format!("{}(A;;FA;;;WD)", private_list()));
        let err = check_config_dir(dir.path(), &saves).unwrap_err();
        assert!(err.starts_with(&format!("refusing to use {}: others", dir.path().display())));
    }

    /// The judgement of a directory whose descriptor is `sddl`, for the
    /// player `me`.
    fn judged(sddl: &str) -> Option<Exposure> {
        let me = current_user_sid().unwrap();
        let sddl = sddl.replace("ME", &me);
        judge(
            &Descriptor::from_sddl(&sddl).unwrap(),
            &me,
            Path::new("C:\\x"),
        )
        .unwrap()
    }

    /// The judgement itself, on descriptors made from text: every case,
    /// including those wine does not keep on disk (it keeps only the Unix
    /// mode: owner, others, no group, no other account, no inherit-only
    /// entry, no owner set through the API).
    #[test]
    fn write_for_anyone_but_the_player_system_or_administrators_is_refused() {
        for (entry, who, sid) in [
            ("(A;OICI;FA;;;WD)", "Everyone", "S-1-1-0"),
            ("(A;OICI;0x1301bf;;;AU)", "Authenticated Users", "S-1-5-11"),
            ("(A;;FA;;;BU)", "Users", "S-1-5-32-545"),
            // inherit-only: not on the directory, but on every file made in it
            ("(A;OICIIO;GW;;;BU)", "Users", "S-1-5-32-545"),
            (
                "(A;;0x2;;;S-1-5-21-1-2-3-1001)",
                "S-1-5-21-1-2-3-1001",
                "S-1-5-21-1-2-3-1001",
            ),
            ("(A;;WO;;;WD)", "Everyone", "S-1-1-0"),
            ("(A;;WD;;;WD)", "Everyone", "S-1-1-0"),
        ] {
            let Some(Exposure::Writers { who: got, fix }) =
                judged(&format!("O:MED:P(A;OICI;FA;;;ME)(A;OICI;FA;;;SY){entry}"))
            else {
                panic!("{entry} passed");
            };
            assert!(got.contains(who), "{entry}: {got}");
            assert!(
                fix.ends_with(&format!("/remove:g *{sid}` makes it yours alone")),
                "{entry}: {fix}"
            );
        }
        // two at once, each named once
        let Some(Exposure::Writers { who, fix }) =
            judged("O:MED:P(A;;FA;;;ME)(A;;FA;;;WD)(A;;GA;;;AU)(A;;FW;;;WD)")
        else {
            panic!("passed");
        };
        assert!(
            who.contains("Everyone, ") && who.contains("Authenticated Users"),
            "{who}"
        );
        assert!(fix.contains("/remove:g *S-1-1-0 *S-1-5-11`"), "{fix}");
    }

    #[test]
    fn reading_for_others_and_control_for_system_and_administrators_pass() {
        for entries in [
            "(A;OICI;FR;;;WD)(A;OICI;GR;;;BU)(A;OICI;0x1200a9;;;AU)",
            // a user profile's list, with CREATOR OWNER as domains add it
            "(A;OICI;FA;;;SY)(A;OICI;FA;;;BA)(A;OICIIO;FA;;;CO)",
            // a denial does not count against the player
            "(D;;FA;;;WD)",
        ] {
            let sddl = format!("O:MED:P(A;OICI;FA;;;ME){entries}");
            assert_eq!(judged(&sddl), None, "{sddl}");
        }
    }

    #[test]
    fn no_access_list_at_all_is_refused() {
        // (no "D:" at all: wine makes "D:NO_ACCESS_CONTROL" an empty list,
        // which lets no one in, where Windows makes it none)
        let Some(Exposure::Writers { who, fix }) = judged("O:ME") else {
            panic!("passed");
        };
        assert!(
            who.contains("no access list") && fix.contains("icacls"),
            "{who}; {fix}"
        );
    }

    #[test]
    fn an_owner_other_than_the_player_system_or_administrators_is_refused() {
        for owner in ["ME", "BA", "SY"] {
            assert_eq!(
                judged(&format!("O:{owner}D:P(A;;FA;;;ME)")),
                None,
                "{owner}"
            );
        }
        for (owner, who) in [
            ("BU", "Users"),
            ("S-1-5-21-1-2-3-1001", "S-1-5-21-1-2-3-1001"),
        ] {
            let Some(Exposure::Owner { who: got, fix }) =
                judged(&format!("O:{owner}D:P(A;;FA;;;ME)"))
            else {
                panic!("{owner} passed");
            };
            assert!(
                got.contains(who) && fix.contains("takeown /f"),
                "{got}; {fix}"
            );
        }
    }

    /// A symbolic link (a reparse point) where `saves` should be. Wine 8
    /// answers that it made the link and makes nothing: the test says so
    /// and stops there.
    #[test]
    fn a_linked_saves_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let elsewhere = tempfile::tempdir().unwrap();
        let saves = dir.path().join("saves");
        // (real Windows needs Developer Mode or an administrator for this)
        if std::os::windows::fs::symlink_dir(elsewhere.path(), &saves).is_err()
            || std::fs::symlink_metadata(&saves).is_err()
        {
            eprintln!("no symbolic link could be made here: the test is skipped");
            return;
        }
        let err = check_config_dir(dir.path(), &saves).unwrap_err();
        assert!(err.contains("symbolic link"), "{err}");
    }
}
