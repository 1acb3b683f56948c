/* check-run.h: runs a Check suite and turns its result into the test program's exit code. */
#pragma once

#include <check.h>

static inline int
check_run_suite (Suite *suite)
{
  SRunner *sr = srunner_create (suite);
  srunner_run_all (sr, CK_NORMAL);
  int failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed ? 1 : 0;
}
