/* fuzz.h: what the fuzz targets share.
 *
 * Each tests/fuzz/fuzz_*.c defines LLVMFuzzerTestOneInput() and nothing
 * else public.  The same file is linked two ways: with clang's libFuzzer
 * (`make fuzz`, -fsanitize=fuzzer,address,undefined) to search for
 * crashes, and with tests/fuzz/replay.c (any C11 compiler, `make check`)
 * to run the seed corpora and the saved crash reproducers as regression
 * tests.  A target reports a broken invariant with fuzz_fail(), which
 * prints the reason and aborts, so both drivers see a crash. */
#ifndef CORRCHESS_FUZZ_H
#define CORRCHESS_FUZZ_H

#include <stddef.h>
#include <stdint.h>

/* The libFuzzer entry point: one input, 0 = done (never "reject"). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Prints "fuzz: <what>" to stderr and aborts; for broken invariants. */
void fuzz_fail(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));

/* Copies size bytes into a new NUL-terminated buffer (an input with NULs
 * in it reads as the text up to the first one); aborts when out of
 * memory.  Caller frees. */
char *fuzz_cstring(const uint8_t *data, size_t size);

#endif
