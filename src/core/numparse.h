/* Strict reading of the whole numbers the game is given: the command
 * line, protocol arguments, settings, saves and slot files.
 *
 * A number is an optional '-' (where the range allows one) and one or
 * more decimal digits, and nothing else: no spaces, no '+', no base
 * prefix, no trailing text. A number outside the range asked for is
 * refused, however many digits it has, never wrapped (strtol's "%d"
 * reads 4294967308 as 12). The functions print nothing: the caller
 * names the option or the file and line, with the range.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Reads all of s as a number from min to max into *out. False (and *out
 * untouched) when s is NULL or empty, is not such a number, or is out of
 * the range. */
bool numparse_ll(const char *s, long long min, long long max, long long *out);

/* numparse_ll for an int. */
bool numparse_int(const char *s, int min, int max, int *out);

/* Reads all of s as a number from 0 to UINT64_MAX (a seed). */
bool numparse_u64(const char *s, uint64_t *out);

/* Reads a number from min to max at the start of s, with no sign or
 * space before it; *end is set past its digits. For lines of several
 * fields ("hero Barbarian 0 100 ..."): the caller checks what follows.
 * False when s does not start with a digit (or '-' and a digit, where min
 * is negative) or the number is out of range. */
bool numparse_prefix(const char *s, long long min, long long max, long long *out,
                     const char **end);

/* The next field of a line of fields parted by single spaces: at *cur a
 * space, then a number from min to max (as numparse_prefix), into *out;
 * *cur moves past it. False (nothing moved) otherwise. */
bool numparse_field(const char **cur, int min, int max, int *out);

/* Reads all of s as 1 to 16 hexadecimal digits (either case, no "0x"):
 * the hashes and checksums of saves. */
bool numparse_hex64(const char *s, uint64_t *out);

/* Reads all of s as two numbers joined by sep ("26x19", "3/2"), each from
 * min to max. */
bool numparse_pair(const char *s, char sep, int min, int max, int *a, int *b);
