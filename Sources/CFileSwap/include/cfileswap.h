#ifndef CFILESWAP_H
#define CFILESWAP_H

/// Swaps two paths in one step with renameat2(RENAME_EXCHANGE). Returns 0, or -1 with errno set
/// (ENOSYS or EINVAL where the kernel or file system cannot).
int cfileswap_exchange(const char *first, const char *second);

#endif
