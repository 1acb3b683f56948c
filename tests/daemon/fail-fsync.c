/* fail-fsync.c: a shim the group commit test preloads into the daemon (LD_PRELOAD): fdatasync()
 * fails with EIO while the file named by $CARCD_TEST_FAIL_FSYNC exists, as a disk that lost
 * the lines would make it fail; otherwise it is the C library's. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

int fdatasync (int fd);

int
fdatasync (int fd)
{
  static int (*real) (int);
  const char *flag = getenv ("CARCD_TEST_FAIL_FSYNC");

  if (flag && access (flag, F_OK) == 0)
    {
      errno = EIO;
      return -1;
    }
  if (real == NULL)
    real = (int (*) (int))dlsym (RTLD_NEXT, "fdatasync");
  return real (fd);
}
