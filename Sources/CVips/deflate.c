#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "sitegen_vips.h"

// One piece of the zlib stream: deflate whose matches are runs alone, each run of 4 or more equal bytes written as
// the byte and copies of it at distance 1 (what zlib's Z_RLE finds, which cost 60 % of a card's time here: a card's
// filtered rows are mostly runs of zeros, skipped here 8 bytes at a time), in one block with Huffman codes made for
// it. A piece that is not the last ends on a byte boundary (an empty stored block, as zlib's Z_FULL_FLUSH), and
// refers to nothing before it, so that pieces compressed apart join into one stream.
typedef struct {
    unsigned char *out;
    size_t length;
    uint64_t bits;
    int count;
} bit_writer;

// Bits gather in a 64-bit word and go out four bytes at a time (at most 16 come in a call, so it never overflows);
// `finish` writes what is left once it is whole bytes.
static inline void put_bits(bit_writer *writer, uint32_t value, int count) {
    writer->bits |= (uint64_t)value << writer->count;
    writer->count += count;
    if (writer->count >= 32) {
        const uint32_t low = (uint32_t)writer->bits;
        memcpy(writer->out + writer->length, &low, 4);  // little-endian: the first bits in the first byte
        writer->length += 4;
        writer->bits >>= 32;
        writer->count -= 32;
    }
}

// Zeros up to the next byte boundary.
static inline void align(bit_writer *writer) {
    const int pad = (8 - writer->count % 8) % 8;
    if (pad) put_bits(writer, 0, pad);
}

static inline void finish(bit_writer *writer) {
    for (; writer->count > 0; writer->count -= 8) {
        writer->out[writer->length++] = (unsigned char)writer->bits;
        writer->bits >>= 8;
    }
}

// Lengths 3 to 258 as deflate writes them: a symbol (257 to 285) and extra bits.
static const int length_base[] = {3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const int length_extra[] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};

// The code of each length, looked up: a search down the bases cost a copy of 4 a step per code (8 % of a piece).
static unsigned char length_codes_of[259];

static void fill_length_codes(void) {
    for (int length = 3, code = 0; length <= 258; length++) {
        while (code < 28 && length_base[code + 1] <= length) code++;
        length_codes_of[length] = (unsigned char)code;
    }
}

static inline int length_code(int length) { return length_codes_of[length]; }

// Code lengths of a Huffman code for `count` symbols of these frequencies, none longer than `limit`; at least two
// symbols get one, so that the code is complete (as inflate wants it). Frequencies are halved until it fits.
// The symbols are sorted once by weight (then by symbol, so the code is the same on every machine), and the two
// lightest joined from the fronts of two queues, the sorted leaves and the joined nodes (which come out in order of
// weight): a scan for the two lightest at each join cost a fifth of compressing a card's band.
static int by_weight(const void *a, const void *b) {
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static void code_lengths(const uint32_t *frequencies, int count, int limit, unsigned char *lengths) {
    uint32_t scaled[288];
    for (int i = 0; i < count; i++) scaled[i] = frequencies[i];
    int nonzero = 0;
    for (int i = 0; i < count; i++) nonzero += scaled[i] > 0;
    for (int i = 0; nonzero < 2 && i < count; i++) if (!scaled[i]) { scaled[i] = 1; nonzero++; }
    for (;;) {
        uint64_t leaves[288];  // weight << 9 | symbol: sorted by weight, then symbol
        int leaf_count = 0;
        for (int i = 0; i < count; i++) if (scaled[i]) leaves[leaf_count++] = (uint64_t)scaled[i] << 9 | (uint64_t)i;
        qsort(leaves, (size_t)leaf_count, sizeof *leaves, by_weight);
        // Nodes: 0..leaf_count-1 the sorted leaves, then the joined ones in the order they are made.
        uint64_t weight[2 * 288];
        int parent[2 * 288];
        for (int i = 0; i < leaf_count; i++) weight[i] = leaves[i] >> 9;
        int next_leaf = 0, next_joined = leaf_count, used = leaf_count;
        while (used < 2 * leaf_count - 1) {
            int pick[2];
            for (int k = 0; k < 2; k++) {  // a leaf on a tie: the shallower code
                if (next_leaf < leaf_count && (next_joined >= used || weight[next_leaf] <= weight[next_joined])) pick[k] = next_leaf++;
                else pick[k] = next_joined++;
            }
            weight[used] = weight[pick[0]] + weight[pick[1]];
            parent[pick[0]] = parent[pick[1]] = used;
            used++;
        }
        int depth[2 * 288];
        depth[used - 1] = 0;
        for (int node = used - 2; node >= 0; node--) depth[node] = depth[parent[node]] + 1;
        int longest = 0;
        memset(lengths, 0, (size_t)count);
        for (int i = 0; i < leaf_count; i++) {
            lengths[leaves[i] & 511] = (unsigned char)depth[i];
            if (depth[i] > longest) longest = depth[i];
        }
        if (longest <= limit) return;
        for (int i = 0; i < count; i++) if (scaled[i]) scaled[i] = scaled[i] / 2 + 1;
    }
}

// The canonical codes of these lengths, each reversed to be written from its first bit.
static void canonical(const unsigned char *lengths, int count, uint16_t *codes) {
    int per_length[16] = {0}, next[16] = {0};
    for (int i = 0; i < count; i++) per_length[lengths[i]]++;
    per_length[0] = 0;
    for (int bits = 1, code = 0; bits < 16; bits++) {
        code = (code + per_length[bits - 1]) << 1;
        next[bits] = code;
    }
    for (int i = 0; i < count; i++) {
        if (!lengths[i]) continue;
        const int code = next[lengths[i]]++;
        uint16_t turned = 0;
        for (int bit = 0; bit < lengths[i]; bit++) turned |= (uint16_t)((code >> bit & 1) << (lengths[i] - 1 - bit));
        codes[i] = turned;
    }
}

// Adler-32 (zlib's checksum) advanced over `count` copies of `byte` at once: a run costs one step, not one per byte.
// A sum over one byte adds it to `a`, then `a` to `b`: over a run, a + c·n, and b + n·a + c·n(n+1)/2.
enum { ADLER_BASE = 65521 };
static inline void adler_run(uint32_t *a, uint32_t *b, unsigned char byte, uint64_t count) {
    if (count < 4) {  // most runs are a byte or two (literals): a division would cost more than these steps
        for (uint64_t i = 0; i < count; i++) {
            *a += byte;
            if (*a >= ADLER_BASE) *a -= ADLER_BASE;
            *b += *a;
            if (*b >= ADLER_BASE) *b -= ADLER_BASE;
        }
        return;
    }
    const uint64_t n = count % ADLER_BASE, triangle = (count % (2 * ADLER_BASE)) * ((count + 1) % (2 * ADLER_BASE)) / 2 % ADLER_BASE;
    *b = (uint32_t)((*b + n * *a + byte * triangle) % ADLER_BASE);
    *a = (uint32_t)((*a + byte * n) % ADLER_BASE);
}

// How many bytes from `at` equal `byte`, counting at most to `end`: 32 at a time while they match (a card's filtered
// rows are mostly zeros), then one by one.
static inline size_t run_length(const unsigned char *data, size_t at, size_t end, unsigned char byte) {
    const uint64_t pattern = byte * 0x0101010101010101ULL;
    size_t here = at;
    while (here + 32 <= end) {
        uint64_t w[4];
        memcpy(w, data + here, 32);
        if (((w[0] ^ pattern) | (w[1] ^ pattern) | (w[2] ^ pattern) | (w[3] ^ pattern)) != 0) break;
        here += 32;
    }
    while (here + 8 <= end) {
        uint64_t word;
        memcpy(&word, data + here, 8);
        if (word != pattern) break;
        here += 8;
    }
    while (here < end && data[here] == byte) here++;
    return here - at;
}

int sitegen_deflate_piece(const unsigned char *data, size_t length, int last, unsigned char **out, size_t *out_length, uint32_t *adler) {
    static pthread_once_t tables = PTHREAD_ONCE_INIT;
    pthread_once(&tables, fill_length_codes);
    // The tokens: a literal byte, or 0x8000 | the length of a copy at distance 1.
    uint16_t *tokens = malloc((length + 1) * sizeof *tokens);
    if (!tokens) return -1;
    size_t token_count = 0;
    uint32_t frequencies[286] = {0}, sum_a = 1, sum_b = 0;
    size_t at = 0;
    while (at < length) {
        const unsigned char byte = data[at];
        if (at + 1 < length && data[at + 1] != byte) {  // a byte alone (most of a card's literals): no run to look for
            adler_run(&sum_a, &sum_b, byte, 1);
            tokens[token_count++] = byte;
            frequencies[byte]++;
            at++;
            continue;
        }
        const size_t run = 1 + run_length(data, at + 1, length, byte);
        adler_run(&sum_a, &sum_b, byte, run);
        tokens[token_count++] = byte;
        frequencies[byte]++;
        size_t left = run - 1;
        if (run >= 4) {
            while (left >= 3) {
                const int copy = left > 258 ? (left - 258 >= 3 ? 258 : (int)left - 3) : (int)left;
                tokens[token_count++] = (uint16_t)(0x8000 | copy);
                frequencies[257 + length_code(copy)]++;
                left -= copy;
            }
        }
        while (left--) { tokens[token_count++] = byte; frequencies[byte]++; }
        at += run;
    }
    if (adler) *adler = sum_b << 16 | sum_a;
    frequencies[256] = 1;

    unsigned char literal_lengths[286], distance_lengths[2] = {1, 1};  // distance 1 is code 0; code 1 completes it
    uint16_t literal_codes[286] = {0};
    code_lengths(frequencies, 286, 15, literal_lengths);
    canonical(literal_lengths, 286, literal_codes);
    int literal_count = 286;
    while (literal_count > 257 && !literal_lengths[literal_count - 1]) literal_count--;

    // The code lengths, run-length coded (16: the last again 3–6 times, 17: 3–10 zeros, 18: 11–138 zeros).
    unsigned char all[288];
    memcpy(all, literal_lengths, literal_count);
    memcpy(all + literal_count, distance_lengths, 2);
    const int all_count = literal_count + 2;
    unsigned char symbols[288], extras[288];
    int symbol_count = 0;
    uint32_t symbol_frequencies[19] = {0};
    for (int i = 0; i < all_count;) {
        int run = 1;
        while (i + run < all_count && all[i + run] == all[i]) run++;
        if (all[i] == 0 && run >= 3) {
            const int taken = run > 138 ? 138 : run;
            symbols[symbol_count] = taken >= 11 ? 18 : 17;
            extras[symbol_count++] = (unsigned char)(taken >= 11 ? taken - 11 : taken - 3);
            symbol_frequencies[taken >= 11 ? 18 : 17]++;
            i += taken;
        } else if (all[i] != 0 && run >= 4) {
            symbols[symbol_count] = all[i];
            extras[symbol_count++] = 0;
            symbol_frequencies[all[i]]++;
            const int taken = run - 1 > 6 ? 6 : run - 1;
            symbols[symbol_count] = 16;
            extras[symbol_count++] = (unsigned char)(taken - 3);
            symbol_frequencies[16]++;
            i += 1 + taken;
        } else {
            symbols[symbol_count] = all[i];
            extras[symbol_count++] = 0;
            symbol_frequencies[all[i]]++;
            i++;
        }
    }
    unsigned char length_lengths[19];
    uint16_t length_codes[19] = {0}, distance_codes[2];
    code_lengths(symbol_frequencies, 19, 7, length_lengths);
    canonical(length_lengths, 19, length_codes);
    canonical(distance_lengths, 2, distance_codes);
    static const int order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
    int order_count = 19;
    while (order_count > 4 && !length_lengths[order[order_count - 1]]) order_count--;

    // At most 15 bits a token and 7 more for a copy's extra and distance, and the header and the flush.
    bit_writer writer = {malloc(token_count * 3 + 1024), 0, 0, 0};
    if (!writer.out) { free(tokens); return -1; }
    put_bits(&writer, last ? 1 : 0, 1);
    put_bits(&writer, 2, 2);  // Huffman codes of its own
    put_bits(&writer, (uint32_t)(literal_count - 257), 5);
    put_bits(&writer, 2 - 1, 5);
    put_bits(&writer, (uint32_t)(order_count - 4), 4);
    for (int i = 0; i < order_count; i++) put_bits(&writer, length_lengths[order[i]], 3);
    static const int extra_bits[19] = {[16] = 2, [17] = 3, [18] = 7};
    for (int i = 0; i < symbol_count; i++) {
        put_bits(&writer, length_codes[symbols[i]], length_lengths[symbols[i]]);
        if (extra_bits[symbols[i]]) put_bits(&writer, extras[i], extra_bits[symbols[i]]);
    }
    for (size_t i = 0; i < token_count; i++) {
        const uint16_t token = tokens[i];
        if (token & 0x8000) {
            const int copy = token & 0x7FFF, code = length_code(copy);
            put_bits(&writer, literal_codes[257 + code], literal_lengths[257 + code]);
            if (length_extra[code]) put_bits(&writer, (uint32_t)(copy - length_base[code]), length_extra[code]);
            put_bits(&writer, distance_codes[0], distance_lengths[0]);
        } else {
            put_bits(&writer, literal_codes[token], literal_lengths[token]);
        }
    }
    put_bits(&writer, literal_codes[256], literal_lengths[256]);  // end of block
    free(tokens);
    if (!last) {
        put_bits(&writer, 0, 3);  // an empty stored block: to the byte, then LEN 0 and NLEN 0xFFFF
        align(&writer);
        put_bits(&writer, 0, 16);
        put_bits(&writer, 0xFFFF, 16);
    } else {
        align(&writer);
    }
    finish(&writer);
    *out = writer.out;
    *out_length = writer.length;
    return 0;
}

void sitegen_deflate_free(unsigned char *piece) { free(piece); }
