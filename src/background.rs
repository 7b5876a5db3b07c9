//! Work that should take only the processor time the run's main work leaves
//! idle: writing the workbooks beside the booklet, and letting go of large
//! data the run no longer needs.

/// Lowers the calling thread's scheduling priority (on Linux; elsewhere it
/// does nothing).
pub fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: `gettid` has no preconditions, and `setpriority` on the
    // calling thread only changes how it is scheduled; if it fails the
    // thread keeps its priority, which is harmless.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, libc::gettid() as libc::id_t, 19);
    }
}

/// Drops `value` on a low-priority thread of its own: freeing millions of
/// small allocations takes a noticeable part of a second, which the run need
/// not wait for. (If the process ends first, the system reclaims the memory.)
pub fn drop_later<T: Send + 'static>(value: T) {
    std::thread::spawn(move || {
        lower_priority();
        drop(value);
    });
}
