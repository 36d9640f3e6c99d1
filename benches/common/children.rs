//! The CPU time of child processes, for benchmarks that run a whole
//! program (a peer's driver, or tudoku itself) and time it from outside.

use std::time::Duration;

/// CPU time of the children waited for so far (user and system).
pub fn children_time() -> Duration {
    // SAFETY: getrusage writes the rusage it is given; all-zero is a valid
    // value of that plain C struct.
    let usage = unsafe {
        let mut usage = std::mem::zeroed::<libc::rusage>();
        assert_eq!(libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage), 0);
        usage
    };
    let time = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    time(usage.ru_utime) + time(usage.ru_stime)
}
