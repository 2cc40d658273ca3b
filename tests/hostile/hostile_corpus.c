/*
 * tests/hostile/hostile_corpus.c -- writes a corpus of hostile inputs for the
 * threeanim command, the same for the same seed:
 *
 *     hostile_corpus SEED DIR
 *
 * Each family the command must survive has its own writer: named pipes and
 * devices where files are expected, buffer URIs that climb out of the model's
 * folder, clips of huge durations, .glb files whose chunks lie, sparse
 * accessors abused, deep and cyclic node trees, numbers past float32,
 * KHR_animation_pointer abuse,
 * and replay files at their extremes. DIR/INPUTS lists them, one a line:
 * "model<TAB>FILE" (to run through info, bake, convert, plot, preview and a
 * replay) or "replay<TAB>FILE" (to run through replay). The runner
 * (run_hostile.sh) then checks that each ends with status 0 or 1, says why
 * when 1, and is neither killed nor hung.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct corpus {
    uint64_t rng;
    const char *dir;
    FILE *list;
    unsigned count;
} corpus;

static uint64_t next(corpus *c)
{
    /* splitmix64 */
    uint64_t z = (c->rng += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static uint32_t below(corpus *c, uint32_t n)
{
    return (uint32_t)(next(c) % n);
}

static void die(const char *what)
{
    perror(what);
    exit(2);
}

static void path_of(const corpus *c, const char *name, char *out, size_t size)
{
    snprintf(out, size, "%s/%s", c->dir, name);
}

static void write_bytes(const corpus *c, const char *name, const void *data, size_t size)
{
    char path[1024];
    path_of(c, name, path, sizeof path);
    FILE *f = fopen(path, "wb");
    if (f == NULL || fwrite(data, 1, size, f) != size || fclose(f) != 0) die(path);
}

static void list(corpus *c, const char *kind, const char *name)
{
    fprintf(c->list, "%s\t%s\n", kind, name);
    c->count++;
}

/* A file of text made with printf, listed as kind (NULL: not listed). */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static void emit(corpus *c, const char *kind, const char *name, const char *fmt, ...);
static void emit(corpus *c, const char *kind, const char *name, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *text = malloc((size_t)n + 1);
    if (text == NULL) die("malloc");
    va_start(ap, fmt);
    vsnprintf(text, (size_t)n + 1, fmt, ap);
    va_end(ap);
    write_bytes(c, name, text, (size_t)n);
    free(text);
    if (kind != NULL) list(c, kind, name);
}

static char *base64(const uint8_t *data, size_t size)
{
    static const char abc[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    char *out = malloc(4 * ((size + 2) / 3) + 1);
    if (out == NULL) die("malloc");
    size_t o = 0;
    for (size_t i = 0; i < size; i += 3) {
        uint32_t v = (uint32_t)data[i] << 16;
        if (i + 1 < size) v |= (uint32_t)data[i + 1] << 8;
        if (i + 2 < size) v |= data[i + 2];
        out[o++] = abc[(v >> 18) & 63];
        out[o++] = abc[(v >> 12) & 63];
        out[o++] = i + 1 < size ? abc[(v >> 6) & 63] : '=';
        out[o++] = i + 2 < size ? abc[v & 63] : '=';
    }
    out[o] = '\0';
    return out;
}

/* The buffer of a one-channel clip: times {0, end}, then two VEC3 values. */
static void clip_buffer(float end, uint8_t out[32])
{
    float f[8] = {0, end, 0, 0, 0, 1, 2, 3};
    memcpy(out, f, sizeof f);
}

/* A .gltf of one node "mover" moved over times {0, end}, its buffer at uri
 * (NULL: a data: URI of the buffer). */
static void moving_gltf(corpus *c, const char *name, float end, const char *uri)
{
    uint8_t bin[32];
    clip_buffer(end, bin);
    char *b64 = base64(bin, sizeof bin);
    char data_uri[128];
    snprintf(data_uri, sizeof data_uri, "data:application/octet-stream;base64,%s", b64);
    free(b64);
    emit(c, "model", name,
         "{\"asset\":{\"version\":\"2.0\"},\"scene\":0,\"scenes\":[{\"nodes\":[0]}],\"nodes\":[{\"name\":\"mover\"}],"
         "\"buffers\":[{\"byteLength\":32,\"uri\":\"%s\"}],"
         "\"bufferViews\":[{\"buffer\":0,\"byteLength\":8},{\"buffer\":0,\"byteOffset\":8,\"byteLength\":24}],"
         "\"accessors\":[{\"bufferView\":0,\"componentType\":5126,\"count\":2,\"type\":\"SCALAR\"},"
         "{\"bufferView\":1,\"componentType\":5126,\"count\":2,\"type\":\"VEC3\"}],"
         "\"animations\":[{\"name\":\"move\",\"channels\":[{\"sampler\":0,\"target\":{\"node\":0,\"path\":"
         "\"translation\"}}],\"samplers\":[{\"input\":0,\"output\":1}]}]}",
         uri != NULL ? uri : data_uri);
}

/* ---- the families --------------------------------------------------------------------- */

static void pipes_and_devices(corpus *c)
{
    char path[1024];
    path_of(c, "pipe.glb", path, sizeof path);
    unlink(path);
    if (mkfifo(path, 0600) != 0) die(path);
    list(c, "model", "pipe.glb");
    path_of(c, "pipe.bin", path, sizeof path);
    unlink(path);
    if (mkfifo(path, 0600) != 0) die(path);
    moving_gltf(c, "pipe-buffer.gltf", 1, "pipe.bin");
    path_of(c, "zero.bin", path, sizeof path);
    unlink(path);
    if (symlink("/dev/zero", path) != 0) die(path);
    moving_gltf(c, "zero-buffer.gltf", 1, "zero.bin");
    emit(c, "replay", "pipe-model.replay",
         "{\"format\":\"threeanim-replay/1\",\"model\":{\"gltf\":\"pipe.glb\"},\"actions\":[],\"steps\":[]}");
    emit(c, "replay", "zero-model.replay",
         "{\"format\":\"threeanim-replay/1\",\"model\":{\"object_json\":\"/dev/zero\"},\"actions\":[],\"steps\":[]}");
    emit(c, "replay", "urandom-model.replay",
         "{\"format\":\"threeanim-replay/1\",\"model\":{\"gltf\":\"/dev/urandom\"},\"actions\":[],\"steps\":[]}");
    list(c, "model", "/dev/zero");
    list(c, "replay", "/dev/zero");
}

static void escaping_uris(corpus *c)
{
    /* A file beside the corpus folder's models, which no URI may reach. */
    char path[1024];
    mkdir(c->dir, 0777);
    static const char *const fixed[] = {
        "/etc/passwd",
        "file:///etc/passwd",
        "//localhost/etc/passwd",
        "http://127.0.0.1:1/x.bin",
        "%2Fetc%2Fpasswd",
        "..%2F..%2F..%2F..%2Fetc%2Fpasswd",
        "%2e%2e/%2E%2E/etc/passwd",
        "C:/Windows/win.ini",
        "..\\\\..\\\\etc\\\\passwd",
        "sub/../../outside.bin",
        "outside-link.bin",
        ".",
        "",
        "%00passwd",
    };
    uint8_t bin[32];
    clip_buffer(1, bin);
    write_bytes(c, "../hostile-outside.bin", bin, sizeof bin);
    path_of(c, "outside-link.bin", path, sizeof path);
    unlink(path);
    if (symlink("../hostile-outside.bin", path) != 0) die(path);
    for (size_t k = 0; k < sizeof fixed / sizeof fixed[0]; ++k) {
        char name[64];
        snprintf(name, sizeof name, "uri-%zu.gltf", k);
        moving_gltf(c, name, 1, fixed[k]);
    }
    /* "../" a random number of times, some dots and slashes percent-encoded. */
    for (int k = 0; k < 4; ++k) {
        char uri[400] = "";
        uint32_t depth = 1 + below(c, 12);
        for (uint32_t d = 0; d < depth; ++d) {
            static const char *const ups[] = {"../", "%2e%2e/", "..%2F", "%2E%2E%2f", "./../"};
            strncat(uri, ups[below(c, 5)], sizeof uri - strlen(uri) - 1);
        }
        strncat(uri, k % 2 ? "etc/passwd" : "hostile-outside.bin", sizeof uri - strlen(uri) - 1);
        char name[64];
        snprintf(name, sizeof name, "uri-up-%d.gltf", k);
        moving_gltf(c, name, 1, uri);
    }
    emit(c, "replay", "passwd-model.replay",
         "{\"format\":\"threeanim-replay/1\",\"model\":{\"object_json\":\"../../../../../../etc/passwd\"},"
         "\"actions\":[],\"steps\":[]}");
}

static void huge_durations(corpus *c)
{
    static const float fixed[] = {3e38f, 1e6f, 1e9f, 3.4028235e38f, 86400.0f * 365, 1e-30f};
    for (size_t k = 0; k < sizeof fixed / sizeof fixed[0]; ++k) {
        char name[64];
        snprintf(name, sizeof name, "long-%zu.gltf", k);
        moving_gltf(c, name, fixed[k], NULL);
    }
    for (int k = 0; k < 3; ++k) {
        char name[64];
        snprintf(name, sizeof name, "long-random-%d.gltf", k);
        moving_gltf(c, name, powf(10.0f, (float)(4 + below(c, 35))), NULL);
    }
}

static void put_u32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

/* A valid .glb of the moving node (2 s), into out (at least 1024 bytes). */
static size_t good_glb(uint8_t *out)
{
    const char *json =
        "{\"asset\":{\"version\":\"2.0\"},\"scene\":0,\"scenes\":[{\"nodes\":[0]}],\"nodes\":[{\"name\":\"mover\"}],"
        "\"buffers\":[{\"byteLength\":32}],"
        "\"bufferViews\":[{\"buffer\":0,\"byteLength\":8},{\"buffer\":0,\"byteOffset\":8,\"byteLength\":24}],"
        "\"accessors\":[{\"bufferView\":0,\"componentType\":5126,\"count\":2,\"type\":\"SCALAR\"},"
        "{\"bufferView\":1,\"componentType\":5126,\"count\":2,\"type\":\"VEC3\"}],"
        "\"animations\":[{\"channels\":[{\"sampler\":0,\"target\":{\"node\":0,\"path\":\"translation\"}}],"
        "\"samplers\":[{\"input\":0,\"output\":1}]}]}";
    size_t jlen = strlen(json), jpad = (4 - jlen % 4) % 4;
    size_t total = 12 + 8 + jlen + jpad + 8 + 32;
    memset(out, 0, total);
    put_u32(out, 0x46546C67u);
    put_u32(out + 4, 2);
    put_u32(out + 8, (uint32_t)total);
    put_u32(out + 12, (uint32_t)(jlen + jpad));
    put_u32(out + 16, 0x4E4F534Au);
    memcpy(out + 20, json, jlen);
    memset(out + 20 + jlen, ' ', jpad);
    uint8_t *b = out + 20 + jlen + jpad;
    put_u32(b, 32);
    put_u32(b + 4, 0x004E4942u);
    clip_buffer(2, b + 8);
    return total;
}

static void lying_glb_chunks(corpus *c)
{
    uint8_t glb[1024], copy[2048];
    size_t size = good_glb(glb);
    size_t json_len = (size_t)glb[12] | ((size_t)glb[13] << 8);
    size_t bin_at = 20 + json_len;
    struct {
        const char *name;
        size_t at;
        uint32_t value;
    } lies[] = {
        {"glb-version-0.glb", 4, 0},
        {"glb-version-3.glb", 4, 3},
        {"glb-version-max.glb", 4, 0xFFFFFFFFu},
        {"glb-length-huge.glb", 8, 0xFFFFFFF0u},
        {"glb-length-short.glb", 8, 13},
        {"glb-json-huge.glb", 12, 0xFFFFFFF0u},
        {"glb-json-zero.glb", 12, 0},
        {"glb-bin-huge.glb", bin_at, 0xFFFFFFF0u},
        {"glb-bin-type-json.glb", bin_at + 4, 0x4E4F534Au},
        {"glb-json-type-bin.glb", 16, 0x004E4942u},
        {"glb-bin-short.glb", bin_at, 4},
    };
    for (size_t k = 0; k < sizeof lies / sizeof lies[0]; ++k) {
        memcpy(copy, glb, size);
        put_u32(copy + lies[k].at, lies[k].value);
        write_bytes(c, lies[k].name, copy, size);
        list(c, "model", lies[k].name);
    }
    /* BIN before JSON. */
    memcpy(copy, glb, 12);
    memcpy(copy + 12, glb + bin_at, size - bin_at);
    memcpy(copy + 12 + (size - bin_at), glb + 12, bin_at - 12);
    write_bytes(c, "glb-bin-first.glb", copy, size);
    list(c, "model", "glb-bin-first.glb");
    /* Cut at a random place, and random bytes flipped. */
    for (int k = 0; k < 3; ++k) {
        char name[64];
        snprintf(name, sizeof name, "glb-cut-%d.glb", k);
        write_bytes(c, name, glb, 1 + below(c, (uint32_t)size - 1));
        list(c, "model", name);
    }
    for (int k = 0; k < 6; ++k) {
        memcpy(copy, glb, size);
        for (uint32_t f = 0, flips = 1 + below(c, 4); f < flips; ++f)
            copy[below(c, (uint32_t)size)] ^= (uint8_t)(1 + below(c, 255));
        char name[64];
        snprintf(name, sizeof name, "glb-flip-%d.glb", k);
        write_bytes(c, name, copy, size);
        list(c, "model", name);
    }
}

static void sparse_abuse(corpus *c)
{
    /* Index view: 4 uint32 at byte 32; values view: 4 VEC3 at byte 48. */
    uint8_t bin[96];
    memset(bin, 0, sizeof bin);
    clip_buffer(1, bin);
    uint32_t idx[4] = {1, 1, 0, 0xFFFFFFFFu};
    memcpy(bin + 32, idx, sizeof idx);
    char *b64 = base64(bin, sizeof bin);
    static const char *const sparses[] = {
        "{\"count\":2,\"indices\":{\"bufferView\":2,\"componentType\":5125},\"values\":{\"bufferView\":3}}",
        "{\"count\":4,\"indices\":{\"bufferView\":2,\"componentType\":5125},\"values\":{\"bufferView\":3}}",
        "{\"count\":4294967295,\"indices\":{\"bufferView\":2,\"componentType\":5125},\"values\":{\"bufferView\":3}}",
        "{\"count\":1,\"indices\":{\"bufferView\":2,\"componentType\":5126},\"values\":{\"bufferView\":3}}",
        "{\"count\":1,\"indices\":{\"bufferView\":2,\"byteOffset\":1,\"componentType\":5125},\"values\":{"
        "\"bufferView\":3}}",
        "{\"count\":1,\"indices\":{\"bufferView\":9,\"componentType\":5125},\"values\":{\"bufferView\":3}}",
        "{\"count\":-1,\"indices\":{\"bufferView\":2,\"componentType\":5125},\"values\":{\"bufferView\":3}}",
        "{\"count\":1,\"indices\":{\"bufferView\":2,\"componentType\":5125},\"values\":{\"bufferView\":3,"
        "\"byteOffset\":4000000000}}",
    };
    static const char *const counts[] = {"2", "1073741824", "4294967295", "2"};
    for (size_t k = 0; k < sizeof sparses / sizeof sparses[0]; ++k) {
        char name[64];
        snprintf(name, sizeof name, "sparse-%zu.gltf", k);
        /* the output accessor: from its view, or (k odd) none, zeros behind it */
        const char *count = counts[below(c, 4)];
        emit(c, "model", name,
             "{\"asset\":{\"version\":\"2.0\"},\"scene\":0,\"scenes\":[{\"nodes\":[0]}],\"nodes\":[{\"name\":\"m\"}],"
             "\"buffers\":[{\"byteLength\":96,\"uri\":\"data:application/octet-stream;base64,%s\"}],"
             "\"bufferViews\":[{\"buffer\":0,\"byteLength\":8},{\"buffer\":0,\"byteOffset\":8,\"byteLength\":24},"
             "{\"buffer\":0,\"byteOffset\":32,\"byteLength\":16},{\"buffer\":0,\"byteOffset\":48,\"byteLength\":48}],"
             "\"accessors\":[{\"bufferView\":0,\"componentType\":5126,\"count\":2,\"type\":\"SCALAR\"},"
             "{%s\"componentType\":5126,\"count\":%s,\"type\":\"VEC3\",\"sparse\":%s}],"
             "\"animations\":[{\"channels\":[{\"sampler\":0,\"target\":{\"node\":0,\"path\":\"translation\"}}],"
             "\"samplers\":[{\"input\":0,\"output\":1}]}]}",
             b64, k % 2 ? "" : "\"bufferView\":1,", k % 2 ? count : "2", sparses[k]);
    }
    free(b64);
}

static void deep_trees(corpus *c)
{
    /* A chain of nodes deeper than the default depth limit, and a long one within it. */
    static const unsigned depths[] = {2000, 500};
    for (int d = 0; d < 2; ++d) {
        unsigned n = depths[d];
        size_t cap = (size_t)n * 48 + 1024;
        char *text = malloc(cap);
        if (text == NULL) die("malloc");
        size_t o =
            (size_t)snprintf(text, cap, "{\"asset\":{\"version\":\"2.0\"},\"scenes\":[{\"nodes\":[0]}],\"nodes\":[");
        for (unsigned i = 0; i < n; ++i)
            o += (size_t)snprintf(text + o, cap - o,
                                  i + 1 < n ? "{\"name\":\"n%u\",\"children\":[%u]}," : "{\"name\":\"n%u\"}", i, i + 1);
        o += (size_t)snprintf(text + o, cap - o, "]}");
        char name[64];
        snprintf(name, sizeof name, "deep-chain-%u.gltf", n);
        write_bytes(c, name, text, o);
        list(c, "model", name);
        free(text);
    }
    emit(c, "model", "cycle.gltf",
         "{\"asset\":{\"version\":\"2.0\"},\"scenes\":[{\"nodes\":[0]}],\"nodes\":[{\"children\":[1]},{\"children\":[0]"
         "}]}");
    emit(c, "model", "self-child.gltf",
         "{\"asset\":{\"version\":\"2.0\"},\"scenes\":[{\"nodes\":[0]}],\"nodes\":[{\"children\":[0]}]}");
    emit(c, "model", "two-parents.gltf",
         "{\"asset\":{\"version\":\"2.0\"},\"scenes\":[{\"nodes\":[0,1]}],\"nodes\":[{\"children\":[2]},{\"children\":["
         "2]},{}]}");
    /* JSON nested far deeper than any limit. */
    size_t levels = 100000;
    char *nest = malloc(levels * 2 + 64);
    if (nest == NULL) die("malloc");
    size_t o = (size_t)sprintf(nest, "{\"asset\":{\"version\":\"2.0\"},\"extras\":");
    for (size_t i = 0; i < levels; ++i) nest[o++] = '[';
    for (size_t i = 0; i < levels; ++i) nest[o++] = ']';
    nest[o++] = '}';
    write_bytes(c, "deep-json.gltf", nest, o);
    list(c, "model", "deep-json.gltf");
    memcpy(nest, "{\"metadata\":{\"version\":4.7,\"type\":\"Object\"},\"obje", 50);
    write_bytes(c, "deep-json.json", nest, o);
    list(c, "model", "deep-json.json");
    free(nest);
    /* An Object JSON tree of many children, each one level down. */
    emit(c, "model", "object-cycle.json",
         "{\"metadata\":{\"version\":4.7,\"type\":\"Object\"},\"object\":{\"uuid\":\"a\",\"type\":\"Group\","
         "\"children\":[{\"uuid\":\"a\",\"type\":\"Group\"}]},\"animations\":[{\"name\":\"x\",\"duration\":1e38,"
         "\"tracks\":[{\"name\":\"a.position\",\"type\":\"vector\",\"times\":[0,3e38],\"values\":[0,0,0,1,1,1]}]}]}");
}

/* Numbers past FLT_MAX where the loaders keep float32s: each would be an
 * infinity in the scene, and "null" in what convert writes. */
static void float32_overflow(corpus *c)
{
    static const char *const nodes[] = {
        "\"translation\":[1e39,0,0]",
        "\"rotation\":[0,0,0,3.5e38]",
        "\"scale\":[1,-1e39,1]",
        "\"matrix\":[1,0,0,0,0,1,0,0,0,0,1,0,0,3.5e38,0,1]",
        "\"matrix\":[3e38,3e38,3e38,0,0,0,1,0,0,1,0,0,0,0,0,1]",
        "\"translation\":[3.4028234663852886e38,0,0]",
    };
    for (size_t k = 0; k < sizeof nodes / sizeof nodes[0]; ++k) {
        char name[64];
        snprintf(name, sizeof name, "float32-node-%zu.gltf", k);
        emit(c, "model", name,
             "{\"asset\":{\"version\":\"2.0\"},\"scenes\":[{\"nodes\":[0]}],\"nodes\":[{\"name\":\"big\","
             "\"children\":[1],%s},{\"name\":\"child\",%s}]}",
             nodes[k], nodes[k]);
    }
    emit(c, "model", "float32-object.json",
         "{\"metadata\":{\"version\":4.7,\"type\":\"Object\"},\"object\":{\"uuid\":\"a\",\"type\":\"Group\","
         "\"position\":[1e39,0,0]}}");
}

static void animation_pointer_abuse(corpus *c)
{
    static const char *const pointers[] = {
        "",
        "/",
        "/nodes/999999999/translation",
        "/nodes/-1/rotation",
        "/nodes/0/translation/0",
        "/materials/0/pbrMetallicRoughness/baseColorFactor",
        "/nodes/0/../0/translation",
        "/nodes/0~1/scale",
        "/extensions/KHR_lights_punctual/lights/0/spot/outerConeAngle",
        "/meshes/0/weights",
        "/nodes/0/weights",
        "/cameras/0/perspective/yfov",
        "/nodes/00/translation",
        "/nodes/0/translation\\u0000",
        "nodes/0/scale",
        "/nodes/18446744073709551616/scale",
    };
    uint8_t bin[32];
    clip_buffer(1, bin);
    char *b64 = base64(bin, sizeof bin);
    size_t count = sizeof pointers / sizeof pointers[0];
    for (size_t k = 0; k < count + 2; ++k) {
        char pointer[2100];
        if (k < count) {
            snprintf(pointer, sizeof pointer, "%s", pointers[k]);
        } else {
            /* a long random pointer of segments */
            size_t o = 0;
            for (int s = 0; s < 200 && o < sizeof pointer - 16; ++s)
                o += (size_t)snprintf(pointer + o, sizeof pointer - o, "/%u",
                                      below(c, 3) ? below(c, 10) : (uint32_t)next(c));
        }
        char name[64];
        snprintf(name, sizeof name, "pointer-%zu.gltf", k);
        emit(c, "model", name,
             "{\"asset\":{\"version\":\"2.0\"},\"extensionsUsed\":[\"KHR_animation_pointer\"],\"scene\":0,"
             "\"scenes\":[{\"nodes\":[0]}],\"nodes\":[{\"name\":\"mover\"}],"
             "\"buffers\":[{\"byteLength\":32,\"uri\":\"data:application/octet-stream;base64,%s\"}],"
             "\"bufferViews\":[{\"buffer\":0,\"byteLength\":8},{\"buffer\":0,\"byteOffset\":8,\"byteLength\":24}],"
             "\"accessors\":[{\"bufferView\":0,\"componentType\":5126,\"count\":2,\"type\":\"SCALAR\"},"
             "{\"bufferView\":1,\"componentType\":5126,\"count\":%s,\"type\":\"%s\"}],"
             "\"animations\":[{\"channels\":[{\"sampler\":0,\"target\":{\"path\":\"pointer\",\"extensions\":"
             "{\"KHR_animation_pointer\":{\"pointer\":\"%s\"}}}}],\"samplers\":[{\"input\":0,\"output\":1}]}]}",
             b64, k % 3 == 2 ? "6" : "2", k % 3 == 2 ? "SCALAR" : "VEC3", pointer);
    }
    free(b64);
}

static void replay_extremes(corpus *c)
{
    moving_gltf(c, "replay-model.gltf", 2, NULL);
    static const char *const steps[] = {
        "{\"op\":\"update\",\"delta\":1e308}",
        "{\"op\":\"update\",\"delta\":-1e308}",
        "{\"op\":\"update\",\"delta\":5e-324}",
        "{\"op\":\"mixer_time_scale\",\"value\":1e308},{\"op\":\"update\",\"delta\":1e308}",
        "{\"op\":\"set_time\",\"time\":1.7976931348623157e308}",
        "{\"op\":\"set\",\"action\":0,\"field\":\"time_scale\",\"value\":3.4e38},{\"op\":\"update\",\"delta\":3e38}",
        "{\"op\":\"set_loop\",\"action\":0,\"loop\":\"ping_pong\",\"repetitions\":9223372036854775807},"
        "{\"op\":\"update\",\"delta\":1e300}",
        "{\"op\":\"set_loop\",\"action\":0,\"loop\":\"repeat\",\"repetitions\":-9223372036854775807}",
        "{\"op\":\"set_duration\",\"action\":0,\"duration\":1e-310},{\"op\":\"update\",\"delta\":1}",
        "{\"op\":\"warp\",\"action\":0,\"start\":1e38,\"end\":-1e38,\"duration\":1e-300},{\"op\":\"update\",\"delta\":"
        "1}",
        "{\"op\":\"fade_in\",\"action\":0,\"duration\":0},{\"op\":\"update\",\"delta\":0}",
        "{\"op\":\"play\",\"action\":4294967295}",
        "{\"op\":\"play\",\"action\":-1}",
        "{\"op\":\"play\",\"action\":1.5}",
        "{\"op\":\"jump\",\"action\":0}",
        "{\"op\":\"set\",\"action\":0,\"field\":\"speed\",\"value\":1}",
        "{\"op\":\"cross_fade_to\",\"action\":0,\"other\":0,\"duration\":1e308},{\"op\":\"update\",\"delta\":1e308}",
        "{\"op\":\"start_at\",\"action\":0,\"time\":-1e308},{\"op\":\"update\",\"delta\":1}",
        "{\"op\":\"halt\",\"action\":0,\"duration\":5e-324},{\"op\":\"update\",\"delta\":1}",
        "{\"op\":\"uncache_action\",\"action\":0},{\"op\":\"update\",\"delta\":1},{\"op\":\"play\",\"action\":0}",
        "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
        "{\"op\":null}",
        "7",
    };
    size_t count = sizeof steps / sizeof steps[0];
    for (size_t k = 0; k < count; ++k) {
        char name[64];
        snprintf(name, sizeof name, "replay-%zu.replay", k);
        emit(c, "replay", name,
             "{\"format\":\"threeanim-replay/1\",\"model\":{\"gltf\":\"replay-model.gltf\"},"
             "\"actions\":[{\"clip\":\"move\"}],\"record\":\"all\",\"steps\":[{\"op\":\"play\",\"action\":0},%s]}",
             steps[k]);
    }
    /* Many random updates (a few hundred), each of a delta from 1e-300 to 1e300. */
    size_t cap = 64 * 400 + 512;
    char *text = malloc(cap);
    if (text == NULL) die("malloc");
    size_t o = (size_t)snprintf(text, cap,
                                "{\"format\":\"threeanim-replay/1\",\"model\":{\"gltf\":\"replay-model.gltf\"},"
                                "\"actions\":[{\"clip\":\"move\"}],\"steps\":[{\"op\":\"play\",\"action\":0}");
    for (int s = 0; s < 400; ++s)
        o += (size_t)snprintf(text + o, cap - o, ",{\"op\":\"update\",\"delta\":%se%d}", below(c, 2) ? "1" : "-1",
                              (int)below(c, 601) - 300);
    o += (size_t)snprintf(text + o, cap - o, "]}");
    write_bytes(c, "replay-random.replay", text, o);
    list(c, "replay", "replay-random.replay");
    free(text);
    /* A replay of a replay, and one that names itself as its model. */
    emit(c, "replay", "replay-self.replay",
         "{\"format\":\"threeanim-replay/1\",\"model\":{\"object_json\":\"replay-self.replay\"},\"actions\":[],"
         "\"steps\":[]}");
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: hostile_corpus SEED DIR\n");
        return 2;
    }
    corpus c;
    memset(&c, 0, sizeof c);
    c.rng = strtoull(argv[1], NULL, 10);
    c.dir = argv[2];
    mkdir(c.dir, 0777);
    char path[1024];
    path_of(&c, "INPUTS", path, sizeof path);
    c.list = fopen(path, "w");
    if (c.list == NULL) die(path);
    pipes_and_devices(&c);
    escaping_uris(&c);
    huge_durations(&c);
    lying_glb_chunks(&c);
    sparse_abuse(&c);
    deep_trees(&c);
    float32_overflow(&c);
    animation_pointer_abuse(&c);
    replay_extremes(&c);
    if (fclose(c.list) != 0) die(path);
    printf("hostile corpus: seed %s, %u inputs in %s\n", argv[1], c.count, c.dir);
    return 0;
}
