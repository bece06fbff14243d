// renameat2 is a GNU extension that Swift's Glibc module does not export, and syscall(2) is variadic,
// which Swift cannot call: this one C function is the bridge.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "cfileswap.h"

#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

int cfileswap_exchange(const char *first, const char *second) {
#ifdef SYS_renameat2
    return (int)syscall(SYS_renameat2, AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
#else
    errno = ENOSYS;
    return -1;
#endif
}
