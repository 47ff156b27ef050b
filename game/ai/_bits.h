/* Bit counts and scans on 64-bit words, shared by the compiled ending solver
 * (_endgame.c) and the compiled middle-game search (_search.c). */
#ifndef MOSAIC_BITS_H
#define MOSAIC_BITS_H
#include <stdint.h>

typedef uint64_t u64;

/* Bit counts and scans: the compilers' intrinsics where there are some, plain C
 * elsewhere, so the module builds wherever setup.py finds a C compiler (GCC,
 * Clang, MSVC on x64, x86 and ARM64). ctz and msb are only asked about words
 * that are not 0. */
#if defined(_MSC_VER)
#include <intrin.h>
#endif

#if defined(_MSC_VER) && defined(_M_X64)
static inline int pc(u64 x) { return (int)__popcnt64(x); }
#elif defined(_MSC_VER) && defined(_M_IX86)
static inline int pc(u64 x) { return (int)(__popcnt((unsigned)x) + __popcnt((unsigned)(x >> 32))); }
#elif defined(__GNUC__) || defined(__clang__)
static inline int pc(u64 x) { return __builtin_popcountll(x); }
#else /* MSVC on ARM64 has no __popcnt64, and other compilers no builtins */
static inline int pc(u64 x) {
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}
#endif

#if defined(_MSC_VER) && (defined(_M_X64) || defined(_M_ARM64))
static inline int ctz(u64 x) { unsigned long i; _BitScanForward64(&i, x); return (int)i; }
static inline int msb(u64 x) { unsigned long i; _BitScanReverse64(&i, x); return (int)i; }
#elif defined(_MSC_VER) /* 32-bit: a word's two halves */
static inline int ctz(u64 x) {
    unsigned long i;
    if (_BitScanForward(&i, (unsigned long)x)) return (int)i;
    _BitScanForward(&i, (unsigned long)(x >> 32));
    return (int)i + 32;
}
static inline int msb(u64 x) {
    unsigned long i;
    if (_BitScanReverse(&i, (unsigned long)(x >> 32))) return (int)i + 32;
    _BitScanReverse(&i, (unsigned long)x);
    return (int)i;
}
#elif defined(__GNUC__) || defined(__clang__)
static inline int ctz(u64 x) { return __builtin_ctzll(x); }
static inline int msb(u64 x) { return 63 - __builtin_clzll(x); }
#else
static inline int ctz(u64 x) { return pc((x & (~x + 1)) - 1); }
static inline int msb(u64 x) {
    int n = 0;
    if (x >> 32) { x >>= 32; n += 32; }
    if (x >> 16) { x >>= 16; n += 16; }
    if (x >> 8) { x >>= 8; n += 8; }
    if (x >> 4) { x >>= 4; n += 4; }
    if (x >> 2) { x >>= 2; n += 2; }
    return n + (int)(x >> 1);
}
#endif

#endif
