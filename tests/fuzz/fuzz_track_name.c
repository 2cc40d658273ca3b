/*
 * fuzz_track_name -- libFuzzer target for ta_track_name_parse and
 * ta_track_name_sanitize. The input, cut at its first NUL, is a track name.
 * A parse either refuses with a message or gives parts that are pieces of the
 * name (in order, never overlapping, the property never empty); and a
 * sanitized name followed by ".position" always parses back to that node name,
 * which is what sanitizeNodeName is for.
 *
 * Seed corpus: tests/fuzz/corpus/track_name/ (names from the conformance
 * corpus of tests/conformance/json/track_names.mjs, and crash inputs found).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "threeanim/animation_json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_part(const char *part, const char *name, size_t *from)
{
    if (part == NULL) return;
    const char *at = strstr(name + *from, part);
    if (at == NULL) __builtin_trap();
    *from = (size_t)(at - name) + strlen(part);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096) return 0;
    char *name = malloc(size + 1);
    if (name == NULL) return 0;
    memcpy(name, data, size);
    name[size] = '\0';
    size_t n = strlen(name);
    char *buffer = malloc(TA_TRACK_NAME_BUFFER_SIZE(n));
    ta_track_name parts;
    ta_error err;
    memset(&err, 0, sizeof err);
    if (ta_track_name_parse(name, &parts, buffer, TA_TRACK_NAME_BUFFER_SIZE(n), &err) == TA_OK) {
        if (parts.property_name == NULL || parts.property_name[0] == '\0') __builtin_trap();
        /* The object name may come from the node name's tail; check the rest in order. */
        size_t from = 0;
        check_part(parts.node_name, name, &from);
        check_part(parts.object_index, name, &from);
        check_part(parts.property_name, name, &from);
        check_part(parts.property_index, name, &from);
    } else if (err.code != TA_ERROR_PARSE || err.message[0] == '\0') {
        __builtin_trap();
    }
    char *clean = malloc(n + 1 + strlen(".position"));
    if (ta_track_name_sanitize(name, clean, n + 1, NULL) != TA_OK) __builtin_trap();
    size_t c = strlen(clean);
    if (c > n) __builtin_trap();
    memcpy(clean + c, ".position", strlen(".position") + 1);
    char *buffer2 = malloc(TA_TRACK_NAME_BUFFER_SIZE(strlen(clean)));
    if (ta_track_name_parse(clean, &parts, buffer2, TA_TRACK_NAME_BUFFER_SIZE(strlen(clean)), NULL) != TA_OK)
        __builtin_trap();
    clean[c] = '\0';
    if (c > 0 && (parts.node_name == NULL || strcmp(parts.node_name, clean) != 0)) __builtin_trap();
    if (strcmp(parts.property_name, "position") != 0) __builtin_trap();
    free(buffer2);
    free(clean);
    free(buffer);
    free(name);
    return 0;
}
