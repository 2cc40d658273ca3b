/* Whether two scenes have one rig (scene_internal.h), for the frame's lane
 * pass, which runs characters of one rig side by side on the first one's
 * joints and inverse binds.
 *
 * Compared number by number every frame, scenes built alike (a model loaded
 * once per character) read 4 KB of inverse binds a 64-joint character, from
 * memory once the characters pass the caches: about a quarter of a frame of
 * 1,000 (docs/performance.md). So the answer is kept. A scene's memo holds
 * the hash of its own rig, made again when its rig_version moves, and the
 * scene it was last found the same as, number by number, with that scene's
 * rig_version and hash then. A memo is believed while both
 * versions stand and the other scene's rig hashes as it did: a scene made in
 * the place of a destroyed one has a memo of its own (zeroed), and its rig is
 * hashed afresh, so that the memos of the scenes compared with the old one
 * hold only if the new one's rig hashes the same. Different hashes always
 * mean different rigs, so that characters of different rigs are told apart
 * without reading them. The frame's other question about a rig, how far its
 * inverse binds reach against their 3x3, is kept in the same memo: read once
 * a window of characters built alike, it took about an eighth of the float
 * lane pass (docs/performance.md). */
#include <math.h>
#include <string.h>

#include "scene/scene_internal.h"

static uint64_t hash_rig(const ta_scene *s)
{
    uint64_t h = ta__hash_mix(TA__HASH_SEED, s->node_count);
    for (uint32_t i = 0; i < s->node_count; ++i) h = ta__hash_mix(h, s->nodes[i].parent.index);
    h = ta__hash_mix(h, s->skin_count);
    for (uint32_t k = 0; k < s->skin_count; ++k) {
        const ta_skin *sk = &s->skins[k];
        h = ta__hash_mix(h, sk->joint_count);
        for (uint32_t j = 0; j < sk->joint_count; ++j) h = ta__hash_mix(h, sk->joints[j].index);
        for (uint32_t j = 0; j < sk->joint_count; ++j)
            for (int e = 0; e < 16; ++e) {
                uint32_t bits;
                memcpy(&bits, &sk->inverse_binds[j].m[e], sizeof bits);
                h = ta__hash_mix(h, bits);
            }
    }
    return h;
}

/* The scene's rig's hash, made again when its rig moved. */
static uint64_t rig_hash(const ta_scene *s)
{
    ta__rig_memo *m = &ta__scene_internal(s)->rig;
    const uint64_t version = ta__scene_internal(s)->rig_version;
    if (!m->hashed || m->version != version) {
        m->hash = hash_rig(s);
        m->version = version;
        m->hashed = true;
    }
    return m->hash;
}

static bool same_numbers(const ta_scene *a, const ta_scene *b)
{
    if (a != b)
        for (uint32_t i = 0; i < a->node_count; ++i)
            if (a->nodes[i].parent.index != b->nodes[i].parent.index) return false;
    for (uint32_t s = 0; s < a->skin_count; ++s) {
        const ta_skin *x = &a->skins[s], *y = &b->skins[s];
        if (x->joints != y->joints && memcmp(x->joints, y->joints, sizeof *x->joints * x->joint_count) != 0)
            return false;
        if (x->inverse_binds != y->inverse_binds &&
            memcmp(x->inverse_binds, y->inverse_binds, sizeof *x->inverse_binds * x->joint_count) != 0)
            return false;
    }
    return true;
}

bool ta__scene_same_rig(ta_scene *a, ta_scene *b)
{
    /* the counts always, whatever the memo: the lane pass writes b's palette by a's */
    if (a->node_count != b->node_count || a->skin_count != b->skin_count) return false;
    for (uint32_t s = 0; s < a->skin_count; ++s)
        if (a->skins[s].joint_count != b->skins[s].joint_count) return false;
    if (a == b) return true;
    const uint64_t ha = rig_hash(a);
    if (ha != rig_hash(b)) return false;
    const uint64_t va = ta__scene_internal(a)->rig_version, vb = ta__scene_internal(b)->rig_version;
    ta__rig_memo *m = &ta__scene_internal(b)->rig;
    if (m->same_as == a && m->same_as_version == va && m->same_as_hash == ha && m->own_version == vb) return true;
    if (!same_numbers(a, b)) return false;
    m->same_as = a;
    m->same_as_version = va;
    m->same_as_hash = ha;
    m->own_version = vb;
    return true;
}

bool ta__scene_rig_known(const ta_scene *b)
{
    const scene_internal *in = ta__scene_internal(b);
    return in->rig.same_as != NULL && in->rig.own_version == in->rig_version;
}

static bool levers_within(const ta_scene *s, float bound)
{
    for (uint32_t k = 0; k < s->skin_count; ++k)
        for (uint32_t j = 0; j < s->skins[k].joint_count; ++j) {
            const float *b = s->skins[k].inverse_binds[j].m;
            float size = 0, lever = 0; /* a NaN anywhere fails the last test */
            for (int e = 0; e < 15; ++e) {
                float v = fabsf(b[e]);
                if (e >= 12) lever = v > lever || v != v ? v : lever;
                else if (e % 4 != 3) size = v > size ? v : size;
            }
            if (!(lever <= bound * size)) return false;
        }
    return true;
}

bool ta__scene_rig_levers_within(ta_scene *scene, float bound)
{
    ta__rig_memo *m = &ta__scene_internal(scene)->rig;
    if (!m->lever_known || m->lever_bound != bound) {
        m->lever_within = levers_within(scene, bound);
        m->lever_bound = bound;
        m->lever_known = true;
    }
    return m->lever_within;
}
