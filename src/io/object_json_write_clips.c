/*
 * The clips of a written document, all on the Scene. Each track is named by
 * the uuid of the object written for its target (the Scene JSON naming in animation_json.h
 * table); a material by the first mesh, in the document's order, that draws
 * with it. Each path to a node's own object is then bound back as three.js
 * would bind it, and a path that would bind something else, or nothing, is
 * refused: the document must give back the same clip.
 */
#include <stdio.h>
#include <string.h>

#include "animation/track_kinds.h"
#include "io/object_json_write_internal.h"

typedef struct material_find {
    const ta__ojwriter *w;
    uint32_t material;
    bool single_only; /* a map: only a mesh of this one material can bind ".map" */
    bool found;
    uint32_t object;
    int32_t slot;
} material_find;

static bool find_in_mesh(material_find *f, const ta_mesh *m, uint32_t object)
{
    if (f->single_only && m->material_count != 1) return false;
    for (uint32_t k = 0; k < m->material_count; ++k)
        if (m->materials[k].index == f->material) {
            f->found = true;
            f->object = object;
            f->slot = m->material_count == 1 ? -1 : (int32_t)k;
            return true;
        }
    return false;
}

static bool find_in_attach(material_find *f, ta__attach a, uint32_t object)
{
    const ta_scene *scene = f->w->scene;
    if (a.kind == TA__ATTACH_MESH) return find_in_mesh(f, &scene->meshes[a.index], object);
    if (a.kind == TA__ATTACH_SKINNED_MESH) return find_in_mesh(f, &scene->skinned_meshes[a.index], object);
    return false;
}

/* The written objects in document order: a node, its children, then its made objects. */
static bool find_in(material_find *f, ta_node_id first, ta_node_id parent)
{
    const ta__ojwriter *w = f->w;
    for (ta_node_id c = first; !ta_node_is_none(c); c = w->scene->nodes[c.index].next_sibling) {
        if (find_in_attach(f, w->primary[c.index], c.index)) return true;
        if (find_in(f, w->scene->nodes[c.index].first_child, c)) return true;
    }
    for (uint32_t i = 0; i < w->extra_count; ++i)
        if (w->extras[i].parent.index == parent.index &&
            find_in_attach(f, w->extras[i].what, w->scene->node_count + i))
            return true;
    return false;
}

/* The object id that carries a target, and its material slot. */
static ta_result target_object(const ta__ojwriter *w, const ta_track_target *t, uint32_t *object, int32_t *slot,
                               ta_error *err)
{
    const ta_scene *scene = w->scene;
    uint32_t i = t->index, count;
    const uint32_t *owners;
    const char *what;
    *slot = -1;
    switch (t->family) {
    case TA_TARGET_FAMILY_NODE:
        if (i >= scene->node_count)
            return ta__fail(err, TA_ERROR_MISSING_TARGET, "target: node %u is not in the scene (%u nodes)", i,
                            scene->node_count);
        *object = i;
        return TA_OK;
    case TA_TARGET_FAMILY_MESH: owners = w->mesh_owner, count = scene->mesh_count, what = "mesh"; break;
    case TA_TARGET_FAMILY_SKINNED_MESH: owners = w->skinned_owner, count = scene->skinned_mesh_count, what = "skinned mesh"; break;
    case TA_TARGET_FAMILY_LIGHT: owners = w->light_owner, count = scene->light_count, what = "light"; break;
    case TA_TARGET_FAMILY_PERSPECTIVE_CAMERA:
        owners = w->perspective_owner, count = w->cameras->perspective_count, what = "perspective camera";
        break;
    case TA_TARGET_FAMILY_ORTHOGRAPHIC_CAMERA:
        owners = w->orthographic_owner, count = w->cameras->orthographic_count, what = "orthographic camera";
        break;
    case TA_TARGET_FAMILY_MATERIAL: {
        if (i >= w->assets->material_count)
            return ta__fail(err, TA_ERROR_MISSING_TARGET, "target: material %u is not in the assets (%u materials)", i,
                            w->assets->material_count);
        bool is_map = ta__kind_on_map(t->kind);
        material_find f = {w, i, is_map, false, 0, -1};
        if (!find_in(&f, scene->first_child, ta_node_none()))
            return ta__fail(err, TA_ERROR_MISSING_TARGET,
                            is_map ? "target: no mesh draws with material %u (\"%s\") alone, so no \".map\" path "
                                     "names its map (three.js binds .map only on a mesh of one material)"
                                   : "target: no mesh draws with material %u (\"%s\"), so no path names it",
                            i, w->assets->materials[i].name);
        *object = f.object;
        *slot = f.slot;
        return TA_OK;
    }
    default:
        return ta__fail(err, TA_ERROR_UNKNOWN_ENUM, "target.family: %d is not a target family", (int)t->family);
    }
    if (i >= count) return ta__fail(err, TA_ERROR_MISSING_TARGET, "target: %s %u is not there (%u)", what, i, count);
    *object = owners[i];
    return TA_OK;
}

static ta_result name_target(void *user, const ta_track_target *target, ta_target_owner *out, ta_error *err)
{
    const ta__ojwriter *w = (const ta__ojwriter *)user;
    uint32_t object = 0;
    ta_result r = target_object(w, target, &object, &out->material_slot, err);
    if (r != TA_OK) return r;
    out->node = ta__ojw_uuid(w, object);
    return TA_OK;
}

/* Binds each written path to a node's own object back, as three.js will. */
static ta_result verify_paths(const ta__ojwriter *w, const ta_clip *clip, uint32_t c, const json_t *tracks,
                              ta_error *err)
{
    ta__binder b;
    memset(&b, 0, sizeof b);
    b.scene = w->scene;
    b.assets = w->assets;
    b.cameras = w->cameras;
    b.root = ta_node_none();
    b.node_uuids = (const char *const *)w->node_uuids;
    b.scene_uuid = w->scene_uuid;
    for (uint32_t i = 0; i < ta_clip_track_count(clip); ++i) {
        ta_track_target t = ta_track_target_of(ta_clip_track(clip, i));
        uint32_t object = 0;
        int32_t slot;
        if (target_object(w, &t, &object, &slot, NULL) != TA_OK || object >= w->scene->node_count) continue;
        const char *path = json_string_value(json_object_get(json_array_get(tracks, i), "name"));
        size_t need = TA_TRACK_NAME_BUFFER_SIZE(strlen(path));
        char *buffer = (char *)ta__alloc(&w->mem, need);
        if (buffer == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory checking a path");
        ta_track_name parsed;
        ta_track_binding binding;
        ta_error e2;
        ta_result r = ta_track_name_parse(path, &parsed, buffer, need, &e2);
        if (r == TA_OK) r = ta__bind_track(&b, path, &parsed, &binding, &e2);
        ta__free(&w->mem, buffer, need);
        bool same = r == TA_OK && binding.target_count == 1 && ta_track_target_eq(binding.targets[0], t);
        if (!same)
            return ta__fail(err, TA_ERROR_UNSUPPORTED,
                            "animations[%u].tracks[%u]: three.js would bind \"%s\" %s: %s", c, i, path,
                            r != TA_OK ? "not at all" : binding.target_count == 0 ? "to nothing" : "to another target",
                            r != TA_OK ? e2.message : binding.target_count == 0 ? binding.reason
                                                                                 : "a name or uuid is found first");
    }
    return TA_OK;
}

ta_result ta__ojw_clips(ta__ojwriter *w, const ta_clip *const *clips, uint32_t count, json_t **out_clips,
                        json_t **out_uuids, ta_error *err)
{
    *out_clips = NULL;
    *out_uuids = NULL;
    if (count == 0) return TA_OK;
    w->clip_uuids = (char **)ta__calloc(&w->mem, count, sizeof(char *));
    if (w->clip_uuids == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory for %u clips", count);
    w->clip_count = count;
    json_t *list = json_array(), *uuids = json_array();
    ta_result r = list != NULL && uuids != NULL ? TA_OK : ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory");
    ta__strmap seen;
    ta__strmap_init(&seen, &w->mem);
    for (uint32_t c = 0; c < count && r == TA_OK; ++c) {
        /* ObjectLoader keeps one clip per uuid: a second one gets a made uuid. */
        const char *own = ta_clip_uuid(clips[c]);
        if (own[0] != '\0' && !ta__strmap_get(&seen, own, NULL)) w->clip_uuids[c] = ta__strdup(&w->mem, own);
        else w->clip_uuids[c] = ta__ojw_make_uuid(w, "clip", c);
        if (w->clip_uuids[c] == NULL || !ta__strmap_set(&seen, w->clip_uuids[c], c)) {
            r = ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory for a uuid");
            break;
        }
        json_t *j = NULL;
        r = ta__clip_to_json(clips[c], name_target, w, &j, err);
        if (r != TA_OK) {
            char message[TA_ERROR_MESSAGE_SIZE];
            snprintf(message, sizeof message, "%s", err != NULL ? err->message : "");
            r = ta__fail(err, r, "animations[%u].%s", c, message);
            break;
        }
        r = verify_paths(w, clips[c], c, json_object_get(j, "tracks"), err);
        if (r == TA_OK && (!ta__jset(j, "uuid", json_string(w->clip_uuids[c])) ||
                           !ta__jpush(uuids, json_string(w->clip_uuids[c]))))
            r = ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory writing the clips");
        if (r == TA_OK) {
            if (!ta__jpush(list, j)) r = ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory writing the clips");
        } else {
            json_decref(j);
        }
    }
    ta__strmap_free(&seen);
    if (r != TA_OK) {
        json_decref(list);
        json_decref(uuids);
        return r;
    }
    *out_clips = list;
    *out_uuids = uuids;
    return TA_OK;
}
