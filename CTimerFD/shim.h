#ifndef YOUBI_CTIMERFD_SHIM_H
#define YOUBI_CTIMERFD_SHIM_H

// Swift's Glibc module does not include <sys/timerfd.h>: timerfd_create,
// timerfd_settime and the TFD_* flags come from here. The runtime's
// ClockWatcher uses them to hear of a wall clock that was set or a resume.
#include <sys/timerfd.h>

#endif
