/* Instances: a scene's copy that shares the names and skins (instance.h).
 *
 * A name block takes over the strings a scene owned when it is first
 * instanced; from then on the source and each instance borrow them (the
 * per-node flags of scene_internal), and the block is freed with the last of
 * them. Skins already live in shared blocks (skin.c). */
#include <stdatomic.h>
#include <string.h>

#include "core/internal.h"
#include "scene/scene_internal.h"
#include "threeanim/instance.h"

typedef struct name_block {
    ta__share share;
    char **strings;
    uint32_t count;
} name_block;

static void name_block_free(ta__share *share)
{
    name_block *b = (name_block *)share;
    ta__mem mem = share->mem;
    for (uint32_t i = 0; i < b->count; ++i) ta__free_str(&mem, b->strings[i]);
    ta__free(&mem, b->strings, sizeof(char *) * b->count);
    ta__free(&mem, b, sizeof *b);
}

static void *dup_array(const ta__mem *mem, const void *src, uint32_t count, size_t size)
{
    if (count == 0) return NULL;
    void *p = ta__calloc(mem, count, size);
    if (p != NULL) memcpy(p, src, (size_t)count * size);
    return p;
}

static void free_morphs(const ta__mem *mem, ta_mesh *m)
{
    for (uint32_t i = 0; m->morph_names != NULL && i < m->morph_count; ++i) ta__free_str(mem, m->morph_names[i]);
    ta__free(mem, m->morph_names, sizeof(char *) * m->morph_count);
    ta__free(mem, m->morph_influences, sizeof(float) * m->morph_count);
}

static void free_mesh_copy(const ta__mem *mem, ta_mesh *m)
{
    free_morphs(mem, m);
    ta__free(mem, m->materials, sizeof(ta_material_id) * m->material_count);
    ta__free(mem, m->bones, sizeof(ta_node_id) * m->bone_count);
}

/* A deep copy of the lists of src's meshes; false when out of memory (what
 * was copied is freed). */
static bool copy_meshes(const ta__mem *mem, ta_mesh *dst, const ta_mesh *src, uint32_t count)
{
    for (uint32_t i = 0; i < count; ++i) {
        ta_mesh m = src[i];
        bool ok = true;
        m.morph_influences = NULL;
        m.morph_names = NULL;
        if (m.morph_count > 0) {
            m.morph_influences = (float *)dup_array(mem, src[i].morph_influences, m.morph_count, sizeof(float));
            m.morph_names = (char **)ta__calloc(mem, m.morph_count, sizeof(char *));
            ok = m.morph_influences != NULL && m.morph_names != NULL;
            for (uint32_t t = 0; ok && t < m.morph_count; ++t) {
                m.morph_names[t] = ta__strdup(mem, src[i].morph_names[t]);
                ok = m.morph_names[t] != NULL;
            }
        }
        m.materials = NULL;
        m.bones = NULL;
        if (m.material_count > 0) {
            m.materials = (ta_material_id *)ta__calloc(mem, m.material_count, sizeof(ta_material_id));
            if (m.materials) memcpy(m.materials, src[i].materials, sizeof(ta_material_id) * m.material_count);
            ok = ok && m.materials != NULL;
        }
        if (m.bone_count > 0) {
            m.bones = (ta_node_id *)ta__calloc(mem, m.bone_count, sizeof(ta_node_id));
            if (m.bones) memcpy(m.bones, src[i].bones, sizeof(ta_node_id) * m.bone_count);
            ok = ok && m.bones != NULL;
        }
        if (!ok) {
            uint32_t materials = m.materials ? m.material_count : 0, bones = m.bones ? m.bone_count : 0;
            free_morphs(mem, &m);
            ta__free(mem, m.materials, sizeof(ta_material_id) * materials);
            ta__free(mem, m.bones, sizeof(ta_node_id) * bones);
            for (uint32_t j = 0; j < i; ++j) free_mesh_copy(mem, &dst[j]);
            return false;
        }
        dst[i] = m;
    }
    return true;
}


ta_result ta_scene_instantiate(ta_scene *source, const ta_scene_options *options, ta_scene **out_scene, ta_error *err)
{
    if (source == NULL || out_scene == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: is NULL", source == NULL ? "source" : "out_scene");
    scene_internal *src_in = ta__scene_internal(source);
    ta__mem mem = src_in->mem;
    if (options != NULL && options->allocator != NULL) {
        ta_result r = ta__mem_init(&mem, options->allocator, err);
        if (r != TA_OK) return r;
    }
    ta_scene_options so;
    memset(&so, 0, sizeof so);
    so.allocator = &mem.a;
    so.name = options && options->name ? options->name : source->name;
    so.uuid = options && options->uuid ? options->uuid : source->uuid;
    ta_scene *s = NULL;
    ta_result r = ta_scene_create(&so, &s, err);
    if (r != TA_OK) return r;
    scene_internal *in = ta__scene_internal(s);
    uint32_t n = source->node_count;

    /* The strings the source still owns go to a new block. */
    uint32_t owned = 0;
    for (uint32_t i = 0; i < n; ++i) {
        owned += !ta__scene_borrows(source, i, TA__BORROWED_NAME);
        owned += !ta__scene_borrows(source, i, TA__BORROWED_UUID);
    }
    name_block *block = NULL;
    char **strings = NULL;
    uint8_t *src_flags = src_in->borrowed;
    bool new_flags = false;
    uint32_t blocks_cap = src_in->name_block_capacity;
    ta__share **src_blocks = src_in->name_blocks;
    bool ok = true;
    if (owned > 0) {
        block = (name_block *)ta__calloc(&src_in->mem, 1, sizeof *block);
        strings = (char **)ta__calloc(&src_in->mem, owned, sizeof(char *));
        if (src_flags == NULL && n > 0) {
            src_flags = (uint8_t *)ta__calloc(&src_in->mem, src_in->node_capacity, 1);
            new_flags = true;
        }
        if (src_in->name_block_count + 1 > blocks_cap) {
            uint32_t cap = blocks_cap;
            ta_error ignored;
            if (ta__reserve(&src_in->mem, (void **)&src_blocks, &cap, src_in->name_block_count + 1, sizeof(ta__share *),
                            &ignored) == TA_OK) {
                blocks_cap = cap;
                src_in->name_blocks = src_blocks;
                src_in->name_block_capacity = cap;
            } else {
                ok = false;
            }
        }
        ok = ok && block != NULL && strings != NULL && (src_flags != NULL || n == 0);
    }
    /* The instance's own lists. */
    if (ok && n > 0) {
        ok = ta__reserve(&in->mem, (void **)&s->nodes, &in->node_capacity, n, sizeof(ta_node), err) == TA_OK;
        in->borrowed = ok ? (uint8_t *)ta__calloc(&in->mem, in->node_capacity, 1) : NULL;
        in->borrowed_capacity = in->borrowed ? in->node_capacity : 0;
        ok = ok && in->borrowed != NULL;
    }
    uint32_t blocks = src_in->name_block_count + (owned > 0 ? 1u : 0u);
    if (ok && blocks > 0) {
        in->name_blocks = (ta__share **)ta__calloc(&in->mem, blocks, sizeof(ta__share *));
        in->name_block_capacity = in->name_blocks ? blocks : 0;
        ok = in->name_blocks != NULL;
    }
    if (ok && source->mesh_count > 0) {
        ok = ta__reserve(&in->mem, (void **)&s->meshes, &in->mesh_capacity, source->mesh_count, sizeof(ta_mesh),
                         err) == TA_OK &&
             copy_meshes(&in->mem, s->meshes, source->meshes, source->mesh_count);
        if (ok) s->mesh_count = source->mesh_count;
    }
    if (ok && source->skinned_mesh_count > 0) {
        ok = ta__reserve(&in->mem, (void **)&s->skinned_meshes, &in->skinned_mesh_capacity, source->skinned_mesh_count,
                         sizeof(ta_mesh), err) == TA_OK &&
             copy_meshes(&in->mem, s->skinned_meshes, source->skinned_meshes, source->skinned_mesh_count);
        if (ok) s->skinned_mesh_count = source->skinned_mesh_count;
    }
    if (ok && source->skin_count > 0) {
        s->skins = (ta_skin *)dup_array(&in->mem, source->skins, source->skin_count, sizeof(ta_skin));
        in->skin_blocks = (ta__share **)dup_array(&in->mem, src_in->skin_blocks, source->skin_count,
                                                  sizeof(ta__share *));
        in->skin_capacity = s->skins ? source->skin_count : 0;
        in->skin_block_capacity = in->skin_blocks ? source->skin_count : 0;
        ok = s->skins != NULL && in->skin_blocks != NULL;
    }
    if (ok && source->light_count > 0) {
        s->lights = (ta_light *)dup_array(&in->mem, source->lights, source->light_count, sizeof(ta_light));
        in->light_capacity = s->lights ? source->light_count : 0;
        ok = s->lights != NULL;
        if (ok) s->light_count = source->light_count;
    }
    if (!ok) {
        if (block) ta__free(&src_in->mem, block, sizeof *block);
        if (strings) ta__free(&src_in->mem, strings, sizeof(char *) * owned);
        if (new_flags) ta__free(&src_in->mem, src_flags, src_in->node_capacity);
        ta_scene_destroy(s); /* frees what it holds: nothing is borrowed yet */
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory making an instance of a scene of %u nodes", n);
    }

    /* Nothing can fail from here. */
    if (owned > 0) {
        uint32_t k = 0;
        for (uint32_t i = 0; i < n; ++i) {
            if (!ta__scene_borrows(source, i, TA__BORROWED_NAME)) strings[k++] = source->nodes[i].name;
            if (!ta__scene_borrows(source, i, TA__BORROWED_UUID)) strings[k++] = source->nodes[i].uuid;
            src_flags[i] = TA__BORROWED_NAME | TA__BORROWED_UUID;
        }
        if (new_flags) {
            src_in->borrowed = src_flags;
            src_in->borrowed_capacity = src_in->node_capacity;
        }
        atomic_init(&block->share.refs, 1u);
        block->share.mem = src_in->mem;
        block->share.free_fn = name_block_free;
        block->strings = strings;
        block->count = owned;
        src_in->name_blocks[src_in->name_block_count++] = &block->share;
    }
    for (uint32_t b = 0; b < src_in->name_block_count; ++b)
        in->name_blocks[in->name_block_count++] = ta__share_retain(src_in->name_blocks[b]);
    for (uint32_t k = 0; k < source->skin_count; ++k) ta__share_retain(in->skin_blocks[k]);
    s->skin_count = source->skin_count;
    if (n > 0) {
        memcpy(s->nodes, source->nodes, sizeof(ta_node) * n);
        memset(in->borrowed, TA__BORROWED_NAME | TA__BORROWED_UUID, n);
    }
    s->node_count = n;
    s->first_child = source->first_child;
    s->last_child = source->last_child;
    s->structure_version = source->structure_version;
    in->tree_hash = src_in->tree_hash;
    in->made_hash = src_in->made_hash;
    *out_scene = s;
    return TA_OK;
}
