//! CPU time and memory, for benchmarks run on shared machines: unlike the
//! wall clock, CPU time is not stretched by other processes sharing the
//! cores. Each function has a Unix side (getrusage, clock_gettime) and a
//! Windows side (GetThreadTimes, GetProcessTimes, GetProcessMemoryInfo).
#![allow(dead_code, unused_imports)] // each bench uses its own part

use std::io;
use std::time::Duration;

pub use os::{children_cpu, peak_memory_kib, process_cpu, thread_cpu};

#[cfg(unix)]
mod os {
    use super::*;

    /// This thread's CPU time so far.
    pub fn thread_cpu() -> Duration {
        let mut now = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: a valid timespec for the call to fill.
        unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
        Duration::new(now.tv_sec as u64, now.tv_nsec as u32)
    }

    /// User plus system time of this process so far, over all its threads.
    pub fn process_cpu() -> Duration {
        let usage = usage(libc::RUSAGE_SELF);
        time(usage.ru_utime) + time(usage.ru_stime)
    }

    /// User plus system time of the children waited for so far.
    pub fn children_cpu() -> io::Result<Duration> {
        let usage = usage(libc::RUSAGE_CHILDREN);
        Ok(time(usage.ru_utime) + time(usage.ru_stime))
    }

    /// The most memory this process has held at once, in KiB.
    pub fn peak_memory_kib() -> u64 {
        // (Linux counts ru_maxrss in KiB, macOS in bytes)
        let max = usage(libc::RUSAGE_SELF).ru_maxrss as u64;
        if cfg!(target_vendor = "apple") {
            max / 1024
        } else {
            max
        }
    }

    fn time(t: libc::timeval) -> Duration {
        Duration::from_secs(t.tv_sec as u64) + Duration::from_micros(t.tv_usec as u64)
    }

    fn usage(who: libc::c_int) -> libc::rusage {
        // SAFETY: getrusage only writes the struct it is given; all-zero is
        // a valid value of that plain C struct.
        unsafe {
            let mut usage = std::mem::zeroed::<libc::rusage>();
            libc::getrusage(who, &mut usage);
            usage
        }
    }
}

#[cfg(windows)]
mod os {
    use super::*;
    use windows_sys::Win32::Foundation::FILETIME;
    use windows_sys::Win32::System::ProcessStatus::{
        K32GetProcessMemoryInfo, PROCESS_MEMORY_COUNTERS,
    };
    use windows_sys::Win32::System::Threading::{
        GetCurrentProcess, GetCurrentThread, GetProcessTimes, GetThreadTimes,
    };

    type Times = unsafe extern "system" fn(
        *mut core::ffi::c_void,
        *mut FILETIME,
        *mut FILETIME,
        *mut FILETIME,
        *mut FILETIME,
    ) -> i32;

    /// Kernel plus user time from GetThreadTimes or GetProcessTimes.
    fn times(get: Times, of: *mut core::ffi::c_void) -> Duration {
        let mut t = [FILETIME::default(); 4];
        let [created, exited, kernel, user] = &mut t;
        // SAFETY: a pseudo-handle to this thread or process, and four
        // FILETIMEs for the call to fill.
        unsafe { get(of, created, exited, kernel, user) };
        let ticks = |t: &FILETIME| u64::from(t.dwHighDateTime) << 32 | u64::from(t.dwLowDateTime);
        // in units of 100 ns
        Duration::from_nanos((ticks(&t[2]) + ticks(&t[3])) * 100)
    }

    /// This thread's CPU time so far.
    pub fn thread_cpu() -> Duration {
        // SAFETY: returns a pseudo-handle, always valid.
        times(GetThreadTimes, unsafe { GetCurrentThread() })
    }

    /// User plus system time of this process so far, over all its threads.
    pub fn process_cpu() -> Duration {
        // SAFETY: returns a pseudo-handle, always valid.
        times(GetProcessTimes, unsafe { GetCurrentProcess() })
    }

    /// Windows keeps no total for a process's children.
    pub fn children_cpu() -> io::Result<Duration> {
        Err(io::Error::new(
            io::ErrorKind::Unsupported,
            "a child's CPU time is measured on Unix only",
        ))
    }

    /// The most memory this process has held at once, in KiB.
    pub fn peak_memory_kib() -> u64 {
        let mut counters = PROCESS_MEMORY_COUNTERS::default();
        let size = std::mem::size_of::<PROCESS_MEMORY_COUNTERS>() as u32;
        // SAFETY: a pseudo-handle to this process, and a structure of the
        // size given for the call to fill.
        unsafe { K32GetProcessMemoryInfo(GetCurrentProcess(), &mut counters, size) };
        counters.PeakWorkingSetSize as u64 / 1024
    }
}
