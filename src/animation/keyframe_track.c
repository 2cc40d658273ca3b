/* Making, copying and reading a track. */
#include <string.h>

#include "animation/track_rules.h"

/* Frees what a track holds, sized as the struct says; a partly built track
 * (NULL arrays, fewer strings) is fine. */
static void free_track(ta_track *t)
{
    ta__mem mem = t->mem;
    ta__free(&mem, t->times, (size_t)t->key_count * sizeof(float));
    ta__free(&mem, t->values, ta__track_values_bytes(t));
    ta__free(&mem, t->in_tangents, (size_t)t->tangent_count * sizeof(float));
    ta__free(&mem, t->out_tangents, (size_t)t->tangent_count * sizeof(float));
    if (t->strings != NULL) {
        for (uint32_t i = 0; i < t->string_count; ++i) ta__free_str(&mem, t->strings[i]);
        ta__free(&mem, t->strings, (size_t)t->string_count * sizeof(char *));
    }
    ta__free(&mem, t, sizeof *t);
}

void ta_track_destroy(ta_track *track)
{
    if (track != NULL) free_track(track);
}

static float *copy_floats(const ta__mem *mem, const float *src, uint32_t count)
{
    float *p = (float *)ta__alloc(mem, (size_t)count * sizeof(float));
    if (p != NULL && count != 0) memcpy(p, src, (size_t)count * sizeof(float));
    return p;
}

static uint64_t hash_string(const char *s)
{
    uint64_t h = 1469598103934665603ull; /* FNV-1a */
    for (; *s != '\0'; ++s) h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

/* Keeps each distinct string of keys once, in first-seen order, and writes the
 * place of each key's string into values. strings_out holds key_count slots;
 * on success *out_count of them are set. A table of indices into strings_out
 * finds a string seen before. */
static ta_result dedupe_strings(const ta__mem *mem, const char *const *keys, uint32_t key_count, char **strings_out,
                                uint32_t *out_count, float *values, ta_error *err)
{
    uint32_t slots = 8;
    while (slots < 2u * key_count && slots < (1u << 31)) slots *= 2;
    uint32_t *table = (uint32_t *)ta__alloc(mem, (size_t)slots * sizeof(uint32_t));
    if (table == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory keeping %u strings", key_count);
    for (uint32_t i = 0; i < slots; ++i) table[i] = UINT32_MAX;
    uint32_t count = 0;
    ta_result r = TA_OK;
    for (uint32_t k = 0; k < key_count; ++k) {
        uint32_t slot = (uint32_t)hash_string(keys[k]) & (slots - 1);
        while (table[slot] != UINT32_MAX && strcmp(strings_out[table[slot]], keys[k]) != 0)
            slot = (slot + 1) & (slots - 1);
        if (table[slot] == UINT32_MAX) {
            strings_out[count] = ta__strdup(mem, keys[k]);
            if (strings_out[count] == NULL) {
                r = ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory keeping string %u", k);
                break;
            }
            table[slot] = count++;
        }
        values[k] = (float)table[slot];
    }
    ta__free(mem, table, (size_t)slots * sizeof(uint32_t));
    *out_count = count;
    return r;
}

ta_result ta_track_create(const ta_track_desc *desc, const ta_allocator *allocator, ta_track **out_track,
                          ta_error *err)
{
    if (desc == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "desc: is NULL");
    if (out_track == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "out_track: is NULL");
    ta__mem mem;
    ta_result r = ta__mem_init(&mem, allocator, err);
    if (r != TA_OK) return r;
    ta__track_parts parts = {desc->target,       desc->interpolation, desc->times,        desc->key_count,
                             desc->values,       desc->value_count,   desc->in_tangents,  desc->out_tangents,
                             desc->tangent_count, desc->strings,      0,                  false};
    ta_interpolation interp;
    r = ta__track_check_parts(&parts, &interp, err);
    if (r != TA_OK) return r;

    ta_track *t = (ta_track *)ta__calloc(&mem, 1, sizeof *t);
    if (t == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory making a track");
    t->mem = mem;
    t->target = desc->target;
    t->interpolation = interp;
    t->value_type = ta_track_kind_value_type(desc->target.kind);
    t->value_size = ta_track_kind_value_size(desc->target.kind);
    t->key_count = desc->key_count;
    bool ok = true;
    t->times = copy_floats(&mem, desc->times, desc->key_count);
    ok = ok && t->times != NULL;
    if (t->value_type == TA_VALUE_TYPE_STRING) {
        t->values = (float *)ta__alloc(&mem, ta__track_values_bytes(t));
        char **strings = (char **)ta__calloc(&mem, desc->key_count, sizeof(char *));
        ok = ok && t->values != NULL && strings != NULL;
        if (ok) {
            uint32_t count = 0;
            r = dedupe_strings(&mem, desc->strings, desc->key_count, strings, &count, t->values, err);
            /* Shrink the list to the distinct strings, so that its size is string_count. */
            char **kept = r == TA_OK ? (char **)ta__alloc(&mem, (size_t)count * sizeof(char *)) : NULL;
            if (kept != NULL) memcpy(kept, strings, (size_t)count * sizeof(char *));
            if (kept == NULL)
                for (uint32_t i = 0; i < count; ++i) ta__free_str(&mem, strings[i]);
            else
                t->strings = kept, t->string_count = count;
            ok = kept != NULL;
        }
        ta__free(&mem, strings, (size_t)desc->key_count * sizeof(char *));
    } else {
        t->values = copy_floats(&mem, desc->values, desc->value_count);
        ok = ok && t->values != NULL;
    }
    if (interp == TA_INTERPOLATION_CUBIC_SPLINE || interp == TA_INTERPOLATION_BEZIER) {
        t->tangent_count = desc->tangent_count;
        t->in_tangents = copy_floats(&mem, desc->in_tangents, desc->tangent_count);
        t->out_tangents = copy_floats(&mem, desc->out_tangents, desc->tangent_count);
        ok = ok && t->in_tangents != NULL && t->out_tangents != NULL;
    }
    if (!ok) {
        free_track(t);
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory copying a %s track of %u keys",
                        ta_track_kind_name(desc->target.kind), desc->key_count);
    }
    *out_track = t;
    return TA_OK;
}

ta_result ta_track_copy(const ta_track *track, const ta_allocator *allocator, ta_track **out_track, ta_error *err)
{
    if (track == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "track: is NULL");
    if (out_track == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "out_track: is NULL");
    ta__mem mem;
    ta_result r = ta__mem_init(&mem, allocator, err);
    if (r != TA_OK) return r;
    ta_track *t = (ta_track *)ta__calloc(&mem, 1, sizeof *t);
    if (t == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory copying a track");
    *t = *track;
    t->mem = mem;
    t->times = copy_floats(&mem, track->times, track->key_count);
    t->values = copy_floats(&mem, track->values, track->key_count * track->value_size);
    t->in_tangents = t->out_tangents = NULL;
    t->strings = NULL;
    uint32_t string_count = t->string_count;
    t->string_count = 0;
    bool ok = t->times != NULL && t->values != NULL;
    if (track->in_tangents != NULL) {
        t->in_tangents = copy_floats(&mem, track->in_tangents, track->tangent_count);
        t->out_tangents = copy_floats(&mem, track->out_tangents, track->tangent_count);
        ok = ok && t->in_tangents != NULL && t->out_tangents != NULL;
    }
    if (ok && track->strings != NULL) {
        t->strings = (char **)ta__calloc(&mem, string_count, sizeof(char *));
        ok = t->strings != NULL;
        if (ok) t->string_count = string_count; /* NULL entries free as nothing */
        for (uint32_t i = 0; ok && i < string_count; ++i) {
            t->strings[i] = ta__strdup(&mem, track->strings[i]);
            ok = t->strings[i] != NULL;
        }
    }
    if (!ok) {
        free_track(t);
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory copying a %s track of %u keys",
                        ta_track_kind_name(track->target.kind), track->key_count);
    }
    *out_track = t;
    return TA_OK;
}

ta_result ta_track_check(const ta_track *track, ta_error *err)
{
    if (track == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "track: is NULL");
    ta__track_parts parts = {track->target,       track->interpolation, track->times,
                             track->key_count,    track->values,        track->key_count * track->value_size,
                             track->in_tangents,  track->out_tangents,  track->tangent_count,
                             NULL,                track->string_count,  true};
    ta_result r = ta__track_check_parts(&parts, NULL, err);
    if (r != TA_OK) return r;
    if (track->interpolation == TA_INTERPOLATION_DEFAULT)
        return ta__fail(err, TA_ERROR_UNKNOWN_ENUM, "interpolation: a built track holds DEFAULT");
    if (track->value_type != ta_track_kind_value_type(track->target.kind))
        return ta__fail(err, TA_ERROR_WRONG_KIND, "value_type: %d is not the type of a %s track",
                        (int)track->value_type, ta_track_kind_name(track->target.kind));
    if (track->value_type == TA_VALUE_TYPE_STRING && track->string_count == 0)
        return ta__fail(err, TA_ERROR_BAD_VALUE_COUNT, "strings: a %s track holds no strings",
                        ta_track_kind_name(track->target.kind));
    return TA_OK;
}

bool ta_track_is_valid(const ta_track *track)
{
    return ta_track_check(track, NULL) == TA_OK;
}

/* ---- reading ------------------------------------------------------------------ */

ta_track_target ta_track_target_of(const ta_track *track)
{
    return track->target;
}

ta_interpolation ta_track_interpolation(const ta_track *track)
{
    return track->interpolation;
}

uint32_t ta_track_key_count(const ta_track *track)
{
    return track->key_count;
}

uint32_t ta_track_value_size(const ta_track *track)
{
    return track->value_size;
}

ta_duration ta_track_duration(const ta_track *track)
{
    return ta_duration_from_seconds(track->times[track->key_count - 1]);
}

const float *ta_track_times(const ta_track *track)
{
    return track->times;
}

const float *ta_track_values(const ta_track *track)
{
    return track->values;
}

const float *ta_track_in_tangents(const ta_track *track)
{
    return track->in_tangents;
}

const float *ta_track_out_tangents(const ta_track *track)
{
    return track->out_tangents;
}

uint32_t ta_track_tangent_count(const ta_track *track)
{
    return track->tangent_count;
}

uint32_t ta_track_string_count(const ta_track *track)
{
    return track->string_count;
}

const char *ta_track_string(const ta_track *track, uint32_t index)
{
    return index < track->string_count ? track->strings[index] : NULL;
}
