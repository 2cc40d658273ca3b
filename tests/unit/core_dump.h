/*
 * tests/unit/core_dump.h -- a scene, assets or camera list written out as
 * text, every field that can be seen, numbers in %a (exact), so that "a
 * refused call changed nothing" is one string comparison of a dump taken
 * before with one taken after.
 */
#ifndef THREEANIM_TESTS_UNIT_CORE_DUMP_H
#define THREEANIM_TESTS_UNIT_CORE_DUMP_H

#include <stdarg.h>
#include <stdio.h>

#include "ta_test.h"
#include "threeanim/camera.h"
#include "threeanim/material.h"
#include "threeanim/scene.h"

#define CORE_DUMP_SIZE 65536

typedef struct core_dump {
    char text[CORE_DUMP_SIZE];
    size_t used;
} core_dump;

#if defined(__GNUC__) || defined(__clang__)
#define CORE_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define CORE_PRINTF(a, b)
#endif

static inline void core_put(core_dump *d, const char *fmt, ...) CORE_PRINTF(2, 3);
static inline void core_put(core_dump *d, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(d->text + d->used, sizeof d->text - d->used, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof d->text - d->used) {
        print_error("core_dump: the dump does not fit in %d bytes\n", CORE_DUMP_SIZE);
        fail();
    }
    d->used += (size_t)n;
}

static inline void core_dump_mesh(core_dump *d, const char *what, uint32_t i, const ta_mesh *m)
{
    core_put(d, "%s %u: node %u morphs %u [", what, i, m->node.index, m->morph_count);
    for (uint32_t k = 0; k < m->morph_count; ++k)
        core_put(d, " %a \"%s\"", (double)m->morph_influences[k], m->morph_names[k] ? m->morph_names[k] : "(null)");
    core_put(d, " ] materials %u [", m->material_count);
    for (uint32_t k = 0; k < m->material_count; ++k) core_put(d, " %u", m->materials[k].index);
    core_put(d, " ] bones %u [", m->bone_count);
    for (uint32_t k = 0; k < m->bone_count; ++k) core_put(d, " %u", m->bones[k].index);
    core_put(d, " ]\n");
}

static inline void core_dump_light(core_dump *d, uint32_t i, const ta_light *l)
{
    core_put(d, "light %u: kind %d node %u color %u %u %u ground %u %u %u %a %a %a %a %a\n", i, (int)l->kind,
             l->node.index, l->color[0], l->color[1], l->color[2], l->ground_color[0], l->ground_color[1],
             l->ground_color[2], (double)l->intensity, (double)l->distance, (double)l->angle, (double)l->penumbra,
             (double)l->decay);
}

static inline void core_dump_scene(const ta_scene *s, core_dump *d)
{
    d->used = 0;
    d->text[0] = '\0';
    core_put(d, "scene \"%s\" uuid \"%s\" top %u..%u version %llu\n", s->name, s->uuid, s->first_child.index,
             s->last_child.index, (unsigned long long)s->structure_version);
    core_put(d, "nodes %u meshes %u skinned %u lights %u\n", s->node_count, s->mesh_count, s->skinned_mesh_count,
             s->light_count);
    for (uint32_t i = 0; i < s->node_count; ++i) {
        const ta_node *n = &s->nodes[i];
        core_put(d, "node %u \"%s\" uuid \"%s\" type %d visible %d parent %u children %u..%u next %u", i, n->name,
                 n->uuid, (int)n->type, (int)n->visible, n->parent.index, n->first_child.index, n->last_child.index,
                 n->next_sibling.index);
        core_put(d, " p %a %a %a q %a %a %a %a s %a %a %a\n", (double)n->position.x, (double)n->position.y,
                 (double)n->position.z, (double)n->quaternion.x, (double)n->quaternion.y, (double)n->quaternion.z,
                 (double)n->quaternion.w, (double)n->scale.x, (double)n->scale.y, (double)n->scale.z);
    }
    for (uint32_t i = 0; i < s->mesh_count; ++i) core_dump_mesh(d, "mesh", i, &s->meshes[i]);
    for (uint32_t i = 0; i < s->skinned_mesh_count; ++i) core_dump_mesh(d, "skinned", i, &s->skinned_meshes[i]);
    for (uint32_t i = 0; i < s->light_count; ++i) core_dump_light(d, i, &s->lights[i]);
}

static inline void core_dump_assets(const ta_assets *a, core_dump *d)
{
    d->used = 0;
    d->text[0] = '\0';
    core_put(d, "materials %u textures %u\n", a->material_count, a->texture_count);
    for (uint32_t i = 0; i < a->material_count; ++i) {
        const ta_material *m = &a->materials[i];
        core_put(d, "material %u \"%s\" uuid \"%s\" kind %d color %u %u %u emissive %u %u %u specular %u %u %u", i,
                 m->name, m->uuid, (int)m->kind, m->color[0], m->color[1], m->color[2], m->emissive[0],
                 m->emissive[1], m->emissive[2], m->specular[0], m->specular[1], m->specular[2]);
        core_put(d, " %a %a %a %a %a %a %a %a %a %a %a %a t %d w %d map %u\n", (double)m->opacity,
                 (double)m->emissive_intensity, (double)m->roughness, (double)m->metalness, (double)m->shininess,
                 (double)m->alpha_test, (double)m->reflectivity, (double)m->env_map_intensity, (double)m->clearcoat,
                 (double)m->clearcoat_roughness, (double)m->specular_intensity, (double)m->ior, (int)m->transparent,
                 (int)m->wireframe, m->map.index);
    }
    for (uint32_t i = 0; i < a->texture_count; ++i) {
        const ta_texture *t = &a->textures[i];
        core_put(d, "texture %u \"%s\" uuid \"%s\" %a %a %a %a %a %a %a\n", i, t->name, t->uuid, (double)t->offset.x,
                 (double)t->offset.y, (double)t->repeat.x, (double)t->repeat.y, (double)t->center.x,
                 (double)t->center.y, (double)t->rotation);
    }
}

static inline void core_dump_cameras(const ta_camera_list *c, core_dump *d)
{
    d->used = 0;
    d->text[0] = '\0';
    core_put(d, "perspective %u orthographic %u\n", c->perspective_count, c->orthographic_count);
    for (uint32_t i = 0; i < c->perspective_count; ++i) {
        const ta_perspective_camera *p = &c->perspective[i];
        core_put(d, "perspective %u node %u %a %a %a %a %a %a %a\n", i, p->node.index, (double)p->fov,
                 (double)p->zoom, (double)p->near, (double)p->far, (double)p->aspect, (double)p->film_gauge,
                 (double)p->film_offset);
    }
    for (uint32_t i = 0; i < c->orthographic_count; ++i) {
        const ta_orthographic_camera *o = &c->orthographic[i];
        core_put(d, "orthographic %u node %u %a %a %a %a %a %a %a\n", i, o->node.index, (double)o->left,
                 (double)o->right, (double)o->top, (double)o->bottom, (double)o->zoom, (double)o->near,
                 (double)o->far);
    }
}

#endif
