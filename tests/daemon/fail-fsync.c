/* fail-fsync.c: a shim the group commit test preloads into the daemon (LD_PRELOAD): fdatasync()
 * fails with EIO while the file named by $CARCD_TEST_FAIL_FSYNC exists, as a disk that lost
 * the lines would make it fail; otherwise it is the C library's. While the file named by
 * $CARCD_TEST_HOLD_FSYNC exists, fdatasync() first waits for it to go, having created that name
 * plus ".in" (a flush is under way: the test may send the next batch's calls). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int fdatasync (int fd);

int
fdatasync (int fd)
{
  static int (*real) (int);
  const char *flag = getenv ("CARCD_TEST_FAIL_FSYNC");
  const char *hold = getenv ("CARCD_TEST_HOLD_FSYNC");

  if (hold && access (hold, F_OK) == 0)
    {
      char in[4096];

      snprintf (in, sizeof in, "%s.in", hold);
      close (open (in, O_WRONLY | O_CREAT | O_CLOEXEC, 0600));
      while (access (hold, F_OK) == 0)
        usleep (1000);
    }
  if (flag && access (flag, F_OK) == 0)
    {
      errno = EIO;
      return -1;
    }
  if (real == NULL)
    real = (int (*) (int))dlsym (RTLD_NEXT, "fdatasync");
  return real (fd);
}
