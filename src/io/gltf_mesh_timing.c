/* The order in which GLTFLoader names the meshes of its primitives.
 *
 * GLTFLoader gives each primitive's Mesh its name (createUniqueName of the
 * glTF mesh's name) in loadMesh's last promise callback, so meshes that share a
 * name get their "_1", "_2" in the order their promises settle, not in the
 * order they were asked for. That order is a matter of how long each
 * promise chain is: a mesh waits for its materials and geometry, a geometry
 * for its accessors, which wait for their buffer views, which wait for their
 * buffer; morph targets add a further chain that starts once the base
 * attributes are in, strips and fans one more step, a texture an image load
 * (a task after every microtask).
 *
 * This file counts those chains in microtask steps, with the rules of the
 * JavaScript job queue: a reaction added to a promise that settles at step t
 * (or that is added at step t to a settled one) runs at t + 1; Promise.all
 * settles one step after its last element; a callback that returns a promise
 * settles two steps after that promise. A .glb's buffer is there at step 0; a
 * buffer fetched from a URI arrives in a later task (step URI_STEP, the same for
 * every buffer), and an image later still. Meshes are then named by settle
 * step, ties in the order they were asked for -- the order the job queue runs
 * them in when their chains have the same shape. The samples and the generated
 * conformance files (tests/conformance/gltf) check the model. */
#include <stdlib.h>
#include <string.h>

#include "io/gltf_internal.h"

#define URI_STEP 1000u
#define IMAGE_STEP 1000000u

typedef struct timing {
    gltf_ctx *g;
    bool *acc_sync;         /* accessors asked for while the file is parsed */
    bool *view_sync;        /* buffer views asked for then */
    uint32_t *texture_rank; /* per material: its place among textured materials asked for, or TA_NONE */
} timing;

static uint32_t max2(uint32_t a, uint32_t b)
{
    return a > b ? a : b;
}

static uint32_t json_index(const json_t *v, uint32_t limit)
{
    if (!json_is_number(v)) return TA_NONE;
    double d = json_number_value(v);
    if (!(d >= 0 && d < limit) || (double)(uint32_t)d != d) return TA_NONE;
    return (uint32_t)d;
}

/* The views an accessor reads: its bufferView and a sparse part's two. */
static uint32_t accessor_views(const gltf_ctx *g, uint32_t a, uint32_t views[3])
{
    json_t *def = json_array_get(g->accessors, a);
    uint32_t n = 0, v;
    if ((v = json_index(ta__jget(def, "bufferView"), g->buffer_view_count)) != TA_NONE) views[n++] = v;
    json_t *sparse = ta__jget(def, "sparse");
    if ((v = json_index(ta__jget(ta__jget(sparse, "indices"), "bufferView"), g->buffer_view_count)) != TA_NONE)
        views[n++] = v;
    if ((v = json_index(ta__jget(ta__jget(sparse, "values"), "bufferView"), g->buffer_view_count)) != TA_NONE)
        views[n++] = v;
    return n;
}

static void mark(timing *t, const json_t *index)
{
    uint32_t a = json_index(index, t->g->accessor_count);
    if (a == TA_NONE) return;
    t->acc_sync[a] = true;
    uint32_t views[3], n = accessor_views(t->g, a, views);
    for (uint32_t i = 0; i < n; ++i) t->view_sync[views[i]] = true;
}

static void mark_attributes(timing *t, const json_t *attrs)
{
    const char *key;
    json_t *value;
    json_object_foreach((json_t *)attrs, key, value)
    {
        (void)key;
        mark(t, value);
    }
}

/* The step a buffer's data is there. */
static uint32_t buffer_step(const gltf_ctx *g, uint32_t view)
{
    json_t *vdef = json_array_get(g->buffer_views, view);
    uint32_t b = json_index(ta__jget(vdef, "buffer"), g->buffer_count);
    if (b == TA_NONE) return 0;
    return ta__jget(json_array_get(g->buffers, b), "uri") == NULL ? 0 : URI_STEP;
}

/* When accessor a settles, asked for at step at. */
static uint32_t accessor_step(const timing *t, uint32_t a, uint32_t at)
{
    uint32_t views[3], n = accessor_views(t->g, a, views);
    if (n == 0) return at; /* Promise.resolve(new BufferAttribute) */
    uint32_t view_ready = 0;
    for (uint32_t i = 0; i < n; ++i) {
        uint32_t asked = t->view_sync[views[i]] ? 0 : at;
        view_ready = max2(view_ready, max2(buffer_step(t->g, views[i]), asked) + 1);
    }
    if (t->acc_sync[a]) at = 0;
    /* Promise.all(views).then(make the attribute) */
    return max2(view_ready, at) + 2;
}

static uint32_t primitive_step(const timing *t, const json_t *prim)
{
    const gltf_ctx *g = t->g;
    json_t *attrs = ta__jget(prim, "attributes");
    uint32_t all = 0;
    const char *key;
    json_t *value;
    json_object_foreach(attrs, key, value)
    {
        (void)key;
        uint32_t a = json_index(value, g->accessor_count);
        if (a != TA_NONE) all = max2(all, accessor_step(t, a, 0) + 1); /* .then(setAttribute) */
    }
    uint32_t idx = json_index(ta__jget(prim, "indices"), g->accessor_count);
    if (idx != TA_NONE) all = max2(all, accessor_step(t, idx, 0) + 1);
    uint32_t cb = all + 1 + 1; /* Promise.all, then its callback */
    uint32_t step = cb;
    json_t *targets = ta__jget(prim, "targets");
    if (targets != NULL) {
        static const char *const kinds[3] = {"POSITION", "NORMAL", "COLOR_0"};
        bool present[3] = {false, false, false};
        for (size_t i = 0; i < json_array_size(targets); ++i)
            for (int k = 0; k < 3; ++k) present[k] = present[k] || ta__jget(json_array_get(targets, i), kinds[k]);
        uint32_t q;
        if (!present[0] && !present[1] && !present[2]) {
            q = cb; /* Promise.resolve(geometry) */
        } else {
            uint32_t outer = cb;
            for (int k = 0; k < 3; ++k) {
                if (!present[k]) continue;
                uint32_t list = cb;
                for (size_t i = 0; i < json_array_size(targets); ++i) {
                    uint32_t a = json_index(ta__jget(json_array_get(targets, i), kinds[k]), g->accessor_count);
                    uint32_t r = a != TA_NONE ? accessor_step(t, a, cb) : cb;
                    list = max2(list, max2(r, cb) + 1);
                }
                outer = max2(outer, list);
            }
            q = outer + 1 + 1; /* the outer Promise.all, then its callback */
        }
        /* The callback returns q: its promise follows q two jobs later. */
        step = max2(q, cb + 1) + 1;
    }
    uint64_t mode = 4;
    json_t *m = ta__jget(prim, "mode");
    if (json_is_integer(m)) mode = (uint64_t)json_integer_value(m);
    if (mode == 5 || mode == 6) step += 1; /* .then(toTrianglesDrawMode) */
    return step;
}

static bool has_texture(const json_t *obj, uint32_t depth)
{
    if (!json_is_object(obj) || depth > 4) return false;
    const char *key;
    json_t *value;
    json_object_foreach((json_t *)obj, key, value)
    {
        size_t n = strlen(key);
        if (n >= 7 && strcmp(key + n - 7, "Texture") == 0 && json_is_object(value)) return true;
        if (json_is_object(value) && has_texture(value, depth + 1)) return true;
    }
    return false;
}

static uint32_t material_step(const timing *t, const json_t *prim)
{
    const gltf_ctx *g = t->g;
    uint32_t m = json_index(ta__jget(prim, "material"), g->material_count);
    if (m == TA_NONE) return 0; /* createDefaultMaterial: not a promise */
    /* Textured materials settle after the images load, in the order they
     * were asked for (their reactions queue in that order). */
    if (t->texture_rank[m] != TA_NONE) return IMAGE_STEP + t->texture_rank[m];
    /* Promise.all(extendMaterialParams), Promise.all(pending), then */
    return 3;
}

static uint32_t mesh_step(const timing *t, uint32_t mesh)
{
    json_t *prims = ta__jget(t->g->mesh_info[mesh].def, "primitives");
    uint32_t geometry = 0, all = 0;
    for (size_t p = 0; p < json_array_size(prims); ++p) {
        json_t *prim = json_array_get(prims, p);
        geometry = max2(geometry, primitive_step(t, prim));
        all = max2(all, material_step(t, prim));
    }
    geometry += 1;             /* loadGeometries' Promise.all */
    all = max2(all, geometry); /* loadMesh's Promise.all ... */
    return all + 1 + 1;        /* ... and its callback */
}

typedef struct mesh_key {
    uint32_t step, request, mesh;
} mesh_key;

static int compare_keys(const void *a, const void *b)
{
    const mesh_key *x = (const mesh_key *)a, *y = (const mesh_key *)b;
    if (x->step != y->step) return x->step < y->step ? -1 : 1;
    return x->request < y->request ? -1 : x->request > y->request;
}

ta_result ta__gltf_mesh_naming_order(gltf_ctx *g, const bool *skin_loaded, uint32_t *order, uint32_t count)
{
    timing t;
    t.g = g;
    t.acc_sync = (bool *)ta__gltf_arena_alloc(&g->arena, g->accessor_count + 1u, sizeof(bool));
    t.view_sync = (bool *)ta__gltf_arena_alloc(&g->arena, g->buffer_view_count + 1u, sizeof(bool));
    t.texture_rank = (uint32_t *)ta__gltf_arena_alloc(&g->arena, g->material_count + 1u, sizeof(uint32_t));
    mesh_key *keys = (mesh_key *)ta__gltf_arena_alloc(&g->arena, count + 1u, sizeof(mesh_key));
    uint32_t *sorted = (uint32_t *)ta__gltf_arena_alloc(&g->arena, count + 1u, sizeof(uint32_t));
    if (!t.acc_sync || !t.view_sync || !t.texture_rank || !keys || !sorted) return ta__gltf_oom(g, "mesh names");
    /* What the synchronous part of the parse asks for: the requested meshes'
     * attributes and indices, the loaded skins' matrices, the animations'
     * inputs and outputs. */
    uint32_t textured = 0;
    for (uint32_t m = 0; m < g->material_count; ++m) t.texture_rank[m] = TA_NONE;
    for (uint32_t k = 0; k < count; ++k) {
        json_t *prims = ta__jget(g->mesh_info[order[k]].def, "primitives");
        for (size_t p = 0; p < json_array_size(prims); ++p) {
            json_t *prim = json_array_get(prims, p);
            mark_attributes(&t, ta__jget(prim, "attributes"));
            mark(&t, ta__jget(prim, "indices"));
            uint32_t m = json_index(ta__jget(prim, "material"), g->material_count);
            if (m != TA_NONE && t.texture_rank[m] == TA_NONE && has_texture(json_array_get(g->materials, m), 0))
                t.texture_rank[m] = textured++;
        }
    }
    for (uint32_t s = 0; s < g->skin_count; ++s)
        if (skin_loaded[s]) mark(&t, ta__jget(json_array_get(g->skins, s), "inverseBindMatrices"));
    for (uint32_t a = 0; a < g->animation_count; ++a) {
        json_t *def = json_array_get(g->animations, a);
        json_t *channels = ta__jget(def, "channels"), *samplers = ta__jget(def, "samplers");
        for (size_t c = 0; c < json_array_size(channels); ++c) {
            json_t *ch = json_array_get(channels, c);
            if (ta__jget(ta__jget(ch, "target"), "node") == NULL) continue;
            uint32_t s = json_index(ta__jget(ch, "sampler"), (uint32_t)json_array_size(samplers));
            if (s == TA_NONE) continue;
            mark(&t, ta__jget(json_array_get(samplers, s), "input"));
            mark(&t, ta__jget(json_array_get(samplers, s), "output"));
        }
    }
    for (uint32_t k = 0; k < count; ++k) {
        keys[k].step = mesh_step(&t, order[k]);
        keys[k].request = k;
        keys[k].mesh = order[k];
    }
    /* By step; among equal steps, in request order. */
    qsort(keys, count, sizeof keys[0], compare_keys);
    for (uint32_t k = 0; k < count; ++k) sorted[k] = keys[k].mesh;
    memcpy(order, sorted, sizeof(uint32_t) * count);
    return TA_OK;
}
