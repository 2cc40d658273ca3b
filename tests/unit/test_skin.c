/* Skins in the scene, their loading from glTF, and the passes of pose.h: the
 * world pass (its parent-first order checked on a tree whose nodes were moved
 * under later nodes), the skinning pass and the bind matrix inverse, each
 * against a computation that does not use them (ta_scene_world_matrix, which
 * test_scene checks against three.js, and ta_mat4_multiply), every refusal
 * leaving the scene as it was, and no allocation in a pass.
 *
 * The numbers of whole animations against three.js are the conformance test
 * tests/conformance/skinning. */
#include <math.h>
#include <stdlib.h>

#include "gltf_test_builder.h"
#include "ta_recycler.h"
#include "ta_snapshot.h"
#include "ta_test.h"
#include "threeanim/threeanim.h"

static ta_node_id add(ta_scene *s, ta_node_id parent, const char *name)
{
    ta_node_id id;
    ta_error err = {0};
    TA_ASSERT_OK(ta_scene_add_node(s, parent, name, &id, &err), &err);
    return id;
}

static ta_mat4 translation(float x, float y, float z)
{
    ta_mat4 m = ta_mat4_identity();
    m.m[12] = x;
    m.m[13] = y;
    m.m[14] = z;
    return m;
}

static void assert_mat_near(const ta_mat4 *a, const ta_mat4 *b, double tol)
{
    for (int k = 0; k < 16; ++k) TA_ASSERT_NEAR(a->m[k], b->m[k], tol);
}

/* A turned, scaled, moved chain: root -> a -> b, and c under root; then b is
 * moved under c, which was added after it, so a parent comes after its child
 * in scene->nodes. */
static ta_scene *chain(ta_node_id ids[4])
{
    ta_scene *s = NULL;
    ta_error err = {0};
    TA_ASSERT_OK(ta_scene_create(NULL, &s, &err), &err);
    ids[0] = add(s, ta_node_none(), "root");
    ids[1] = add(s, ids[0], "a");
    ids[2] = add(s, ids[1], "b");
    ids[3] = add(s, ids[0], "c");
    TA_ASSERT_OK(ta_scene_set_parent(s, ids[2], ids[3], &err), &err);
    ta_node *n = s->nodes;
    n[0].position = ta_vec3_make(1, 2, 3);
    n[0].quaternion = ta_quat_make(0, (float)sin(0.3), 0, (float)cos(0.3));
    n[0].scale = ta_vec3_make(2, 2, 2);
    n[1].position = ta_vec3_make(0, 1, 0);
    n[2].position = ta_vec3_make(0.5f, 1, -1);
    n[2].quaternion = ta_quat_make((float)sin(0.2), 0, 0, (float)cos(0.2));
    n[3].position = ta_vec3_make(-3, 0, 0.25f);
    n[3].scale = ta_vec3_make(1, 0.5f, 1);
    return s;
}

static void skins_are_added_with_their_inverse_binds_and_refused_whole(void **state)
{
    (void)state;
    ta_node_id id[4];
    ta_scene *s = chain(id);
    ta_error err = {0};
    ta_node_id joints[2] = {id[1], id[2]};
    ta_mat4 ibm[2] = {translation(0, -1, 0), translation(1, 2, 3)};
    ta_skin_desc d = {joints, 2, ibm, "skel-uuid"};
    ta_skin_id k;
    TA_ASSERT_OK(ta_scene_add_skin(s, &d, &k, &err), &err);
    assert_int_equal(k.index, 0);
    assert_int_equal(s->skin_count, 1);
    const ta_skin *sk = ta_scene_skin(s, k);
    assert_int_equal(sk->joint_count, 2);
    assert_int_equal(sk->joints[1].index, id[2].index);
    assert_true(sk->inverse_binds[1].m[14] == 3.0f && sk->inverse_binds[0].m[13] == -1.0f);
    assert_string_equal(sk->uuid, "skel-uuid");
    /* no inverse binds: identities, three.js's Skeleton default */
    ta_skin_desc d2 = {joints, 1, NULL, NULL};
    TA_ASSERT_OK(ta_scene_add_skin(s, &d2, &k, &err), &err);
    ta_mat4 id4 = ta_mat4_identity();
    assert_memory_equal(ta_scene_skin(s, k)->inverse_binds[0].m, id4.m, sizeof id4.m);
    assert_string_equal(ta_scene_skin(s, k)->uuid, "");
    assert_null(ta_scene_skin(s, ta_skin_at(2)));

    ta_snap before, after;
    ta_snap_init(&before);
    ta_snap_init(&after);
    ta_snap_scene(&before, s);
    ta_node_id far[1] = {ta_node_at(9)};
    ta_skin_desc bad_joint = {far, 1, NULL, NULL};
    TA_ASSERT_REFUSED(ta_scene_add_skin(s, &bad_joint, NULL, &err), &err, TA_ERROR_MISSING_TARGET,
                      "desc.joints: joint 0 is node 9, which is not in the scene of 4 nodes");
    ta_mat4 nan_ibm[2] = {ta_mat4_identity(), ta_mat4_identity()};
    nan_ibm[1].m[7] = NAN;
    ta_skin_desc bad_ibm = {joints, 2, nan_ibm, NULL};
    TA_ASSERT_REFUSED(ta_scene_add_skin(s, &bad_ibm, NULL, &err), &err, TA_ERROR_NOT_A_NUMBER,
                      "desc.inverse_binds: joint 1 element 7 is nan");
    ta_skin_desc none = {joints, 0, NULL, NULL};
    TA_ASSERT_REFUSED(ta_scene_add_skin(s, &none, NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT, "needs a joint");
    ta_skin_desc null_joints = {NULL, 2, NULL, NULL};
    TA_ASSERT_REFUSED(ta_scene_add_skin(s, &null_joints, NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "desc.joints: is NULL with joint_count 2");
    TA_ASSERT_REFUSED(ta_scene_add_skin(NULL, &d, NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT, "scene: is NULL");
    ta_snap_scene(&after, s);
    assert_true(ta_snap_equal(&before, &after));

    /* out of memory at each allocation: refused, nothing changed */
    ta_test_counter counter = {0, 0, 0, 0, -1};
    ta_allocator alloc = ta_test_counting_allocator(&counter);
    ta_scene_options so = {&alloc, NULL, NULL};
    ta_scene *small = NULL;
    TA_ASSERT_OK(ta_scene_create(&so, &small, &err), &err);
    ta_node_id j = add(small, ta_node_none(), "j");
    ta_skin_desc one = {&j, 1, NULL, NULL};
    for (long fail = 0; fail < 3; ++fail) {
        ta_snap_clear(&before);
        ta_snap_clear(&after);
        ta_snap_scene(&before, small);
        counter.fail_after = (long)counter.allocations + fail;
        ta_result r = ta_scene_add_skin(small, &one, NULL, &err);
        counter.fail_after = -1;
        if (r == TA_OK) break;
        assert_int_equal(r, TA_ERROR_OUT_OF_MEMORY);
        ta_snap_scene(&after, small);
        assert_true(ta_snap_equal(&before, &after));
    }
    assert_int_equal(small->skin_count, 1);
    ta_scene_destroy(small);
    assert_int_equal(counter.live_bytes, 0);
    ta_snap_free(&before);
    ta_snap_free(&after);
    ta_scene_destroy(s);
}

static void binding_sets_bones_mode_and_matrix(void **state)
{
    (void)state;
    ta_node_id id[4];
    ta_scene *s = chain(id);
    ta_error err = {0};
    ta_node_id joints[3] = {id[2], id[1], id[0]};
    ta_skin_desc d = {joints, 3, NULL, NULL};
    ta_skin_id k;
    TA_ASSERT_OK(ta_scene_add_skin(s, &d, &k, &err), &err);
    ta_mesh_desc md = {0};
    md.node = id[3];
    ta_skinned_mesh_id m;
    TA_ASSERT_OK(ta_scene_add_skinned_mesh(s, &md, &m, &err), &err);
    assert_int_equal(s->skinned_meshes[0].skin.index, TA_NONE);
    assert_int_equal(s->skinned_meshes[0].bind_mode, TA_BIND_MODE_ATTACHED);
    ta_mat4 bind = translation(0, 0, 5);
    TA_ASSERT_OK(ta_scene_bind_skin(s, m, k, TA_BIND_MODE_DETACHED, &bind, &err), &err);
    const ta_mesh *mesh = &s->skinned_meshes[0];
    assert_int_equal(mesh->skin.index, k.index);
    assert_int_equal(mesh->bone_count, 3);
    assert_int_equal(mesh->bones[0].index, id[2].index);
    assert_int_equal(mesh->bones[2].index, id[0].index);
    assert_int_equal(mesh->bind_mode, TA_BIND_MODE_DETACHED);
    assert_true(mesh->bind_matrix.m[14] == 5.0f);

    ta_snap before, after;
    ta_snap_init(&before);
    ta_snap_init(&after);
    ta_snap_scene(&before, s);
    TA_ASSERT_REFUSED(ta_scene_bind_skin(s, ta_skinned_mesh_at(1), k, TA_BIND_MODE_ATTACHED, NULL, &err), &err,
                      TA_ERROR_MISSING_TARGET, "mesh: skinned mesh 1 is not in the scene");
    TA_ASSERT_REFUSED(ta_scene_bind_skin(s, m, ta_skin_at(4), TA_BIND_MODE_ATTACHED, NULL, &err), &err,
                      TA_ERROR_MISSING_TARGET, "skin: skin 4 is not in the scene");
    TA_ASSERT_REFUSED(ta_scene_bind_skin(s, m, k, (ta_bind_mode)7, NULL, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "mode: 7 is not a ta_bind_mode");
    ta_mat4 inf = ta_mat4_identity();
    inf.m[3] = INFINITY;
    TA_ASSERT_REFUSED(ta_scene_bind_skin(s, m, k, TA_BIND_MODE_ATTACHED, &inf, &err), &err, TA_ERROR_NOT_A_NUMBER,
                      "bind_matrix: element 3 is inf");
    ta_snap_scene(&after, s);
    assert_true(ta_snap_equal(&before, &after));
    ta_snap_free(&before);
    ta_snap_free(&after);
    ta_scene_destroy(s);
}

static void world_pass_is_parent_first_and_matches_the_chain(void **state)
{
    (void)state;
    ta_node_id id[4];
    ta_scene *s = chain(id);
    ta_error err = {0};
    ta_test_counter counter = {0, 0, 0, 0, -1};
    ta_allocator alloc = ta_test_counting_allocator(&counter);
    ta_pose_options po = {&alloc, 0};
    ta_pose *pose = NULL;
    TA_ASSERT_OK(ta_pose_create(s, &po, &pose, &err), &err);
    assert_true(ta_pose_bytes(pose) >= 4 * 144);

    /* the order: every node once, after its parent (b, node 2, after c, node 3) */
    const ta_node_id *order;
    uint32_t count;
    TA_ASSERT_OK(ta_pose_order(pose, s, &order, &count, &err), &err);
    assert_int_equal(count, 4);
    uint32_t place[4];
    for (uint32_t i = 0; i < 4; ++i) place[order[i].index] = i;
    for (uint32_t n = 0; n < 4; ++n)
        if (!ta_node_is_none(s->nodes[n].parent)) assert_true(place[s->nodes[n].parent.index] < place[n]);
    assert_true(place[3] < place[2]);

    ta_mat4 world[4];
    size_t allocations = counter.allocations;
    TA_ASSERT_OK(ta_pose_world_pass(pose, s, ta_node_none(), world, 4, &err), &err);
    assert_int_equal(counter.allocations, allocations); /* a pass allocates nothing */
    for (uint32_t n = 0; n < 4; ++n) {
        ta_mat4 want = ta_scene_world_matrix(s, ta_node_at(n));
        assert_mat_near(&world[n], &want, 1e-6);
    }
    /* a subtree: its root's ancestors are worked out, the rest left alone */
    s->nodes[0].position.x = 10;
    s->nodes[2].position.y = -4;
    ta_mat4 marker = translation(99, 99, 99);
    world[1] = marker;
    TA_ASSERT_OK(ta_pose_world_pass(pose, s, id[3], world, 4, &err), &err);
    assert_memory_equal(world[1].m, marker.m, sizeof marker.m);
    for (uint32_t n = 0; n < 4; ++n) {
        if (n == 1) continue;
        ta_mat4 want = ta_scene_world_matrix(s, ta_node_at(n));
        assert_mat_near(&world[n], &want, 1e-6);
    }

    ta_mat4 small[3];
    TA_ASSERT_REFUSED(ta_pose_world_pass(pose, s, ta_node_none(), small, 3, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "world_count: 3 is below the scene's 4 nodes");
    TA_ASSERT_REFUSED(ta_pose_world_pass(pose, s, ta_node_at(4), world, 4, &err), &err, TA_ERROR_MISSING_TARGET,
                      "root: node 4 is not in the scene");
    add(s, id[0], "d");
    ta_mat4 five[5];
    TA_ASSERT_REFUSED(ta_pose_world_pass(pose, s, ta_node_none(), five, 5, &err), &err, TA_ERROR_BAD_STATE,
                      "scene: has 5 nodes, more than the 4 the pose was made for");
    ta_pose_destroy(pose);
    assert_int_equal(counter.live_bytes, 0);
    ta_pose_options big = {NULL, 3};
    TA_ASSERT_REFUSED(ta_pose_create(s, &big, &pose, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "options.node_capacity: 3 is below the scene's 5 nodes");
    ta_scene_destroy(s);
}

/* A scene of three nodes: 1 under 0 and 2 under 1 (chain), or 1 and 0 at the top and 2 under 0
 * (fork), each moved by its own translation, made with options (three adds either way: the same
 * structure_version). */
static ta_scene *three_nodes(bool chain_of_three, const ta_scene_options *options)
{
    ta_error err = {0};
    ta_scene *s = NULL;
    TA_ASSERT_OK(ta_scene_create(options, &s, &err), &err);
    ta_node_id a = add(s, ta_node_none(), "a");
    ta_node_id b = add(s, chain_of_three ? a : ta_node_none(), "b");
    ta_node_id c = add(s, chain_of_three ? b : a, "c");
    const ta_node_id ids[3] = {a, b, c};
    for (uint32_t i = 0; i < 3; ++i) ta_scene_node(s, ids[i])->position = ta_vec3_make(1.0f + i, 2.0f * i, -1.0f);
    return s;
}

/* A pose kept while its scene is destroyed and another tree of as many nodes, and of the same
 * structure_version, is made in the same place (an allocator that gives back the block freed
 * last): the pose reads the new tree. It used to keep the old order, and with it the old
 * subtrees: a pass from node 0 of the new tree wrote node 1, of another subtree now (found by
 * fuzz_frame). */
static void pose_reads_a_new_tree_in_an_old_scenes_place(void **state)
{
    (void)state;
    ta_error err = {0};
    ta_recycler rec = {0};
    ta_allocator alloc = ta_recycler_allocator(&rec);
    ta_scene_options so = {.allocator = &alloc};
    ta_scene *s = three_nodes(true, &so);
    ta_pose *pose = NULL;
    ta_mat4 world[3];
    TA_ASSERT_OK(ta_pose_create(s, NULL, &pose, &err), &err);
    TA_ASSERT_OK(ta_pose_world_pass(pose, s, ta_node_none(), world, 3, &err), &err);
    const ta_scene *old = s;
    const uint64_t version = s->structure_version;
    ta_scene_destroy(s);
    s = three_nodes(false, &so);
    assert_ptr_equal(s, old);
    assert_int_equal(s->structure_version, version);

    ta_mat4 marker = translation(99, 99, 99);
    world[1] = marker;
    TA_ASSERT_OK(ta_pose_world_pass(pose, s, ta_node_at(0), world, 3, &err), &err);
    assert_memory_equal(world[1].m, marker.m, sizeof marker.m); /* not below node 0 any more */
    ta_mat4 want = ta_scene_world_matrix(s, ta_node_at(2));
    assert_mat_near(&world[2], &want, 1e-6);
    ta_mat4 got;
    TA_ASSERT_REFUSED(ta_pose_socket_world(pose, s, (ta_pose_socket){ta_node_at(1)}, &got, &err), &err,
                      TA_ERROR_BAD_STATE, "node 1");
    TA_ASSERT_OK(ta_pose_world_pass(pose, s, ta_node_none(), world, 3, &err), &err);
    for (uint32_t n = 0; n < 3; ++n) {
        want = ta_scene_world_matrix(s, ta_node_at(n));
        assert_mat_near(&world[n], &want, 1e-6);
    }
    ta_pose_destroy(pose);
    ta_scene_destroy(s);
    ta_recycler_release(&rec);
}

static void skinning_pass_is_joint_world_times_inverse_bind(void **state)
{
    (void)state;
    ta_node_id id[4];
    ta_scene *s = chain(id);
    ta_error err = {0};
    ta_node_id joints[3] = {id[2], id[0], id[3]};
    ta_mat4 ibm[3] = {translation(0, -1, 0.5f), ta_mat4_identity(), translation(3, 0, 0)};
    ibm[1].m[0] = 0.5f; /* scaled, not a pure translation */
    ta_skin_desc d = {joints, 3, ibm, NULL};
    ta_skin_id k;
    TA_ASSERT_OK(ta_scene_add_skin(s, &d, &k, &err), &err);
    ta_mesh_desc md = {0};
    md.node = id[1];
    ta_skinned_mesh_id m;
    TA_ASSERT_OK(ta_scene_add_skinned_mesh(s, &md, &m, &err), &err);
    TA_ASSERT_OK(ta_scene_bind_skin(s, m, k, TA_BIND_MODE_ATTACHED, NULL, &err), &err);
    ta_pose *pose = NULL;
    TA_ASSERT_OK(ta_pose_create(s, NULL, &pose, &err), &err);
    ta_mat4 bones[3], world[4], bind_inverse;
    /* before a world pass: refused, naming the joint */
    TA_ASSERT_REFUSED(ta_pose_skinning_pass(pose, s, k, bones, 3, &err), &err, TA_ERROR_BAD_STATE,
                      "joint 0 (node 2 \"b\") has no world matrix");
    TA_ASSERT_REFUSED(ta_pose_bind_matrix_inverse(pose, s, m, &bind_inverse, &err), &err, TA_ERROR_BAD_STATE,
                      "node 1 \"a\" has no world matrix");
    TA_ASSERT_OK(ta_pose_world_pass(pose, s, ta_node_none(), world, 4, &err), &err);
    TA_ASSERT_OK(ta_pose_skinning_pass(pose, s, k, bones, 3, &err), &err);
    for (uint32_t i = 0; i < 3; ++i) {
        ta_mat4 w = ta_scene_world_matrix(s, joints[i]);
        ta_mat4 want = ta_mat4_multiply(&w, &ibm[i]);
        assert_mat_near(&bones[i], &want, 1e-6);
    }
    /* attached: the inverse of the mesh node's world matrix */
    TA_ASSERT_OK(ta_pose_bind_matrix_inverse(pose, s, m, &bind_inverse, &err), &err);
    ta_mat4 w1 = ta_scene_world_matrix(s, id[1]);
    ta_mat4 product = ta_mat4_multiply(&w1, &bind_inverse), one = ta_mat4_identity();
    assert_mat_near(&product, &one, 1e-6);
    /* detached: the inverse of the bind matrix; a singular one gives zeros, as three.js's invert */
    ta_mat4 bind = translation(1, 2, 3);
    bind.m[5] = 4;
    TA_ASSERT_OK(ta_scene_bind_skin(s, m, k, TA_BIND_MODE_DETACHED, &bind, &err), &err);
    TA_ASSERT_OK(ta_pose_world_pass(pose, s, ta_node_none(), world, 4, &err), &err);
    TA_ASSERT_OK(ta_pose_bind_matrix_inverse(pose, s, m, &bind_inverse, &err), &err);
    product = ta_mat4_multiply(&bind, &bind_inverse);
    assert_mat_near(&product, &one, 1e-6);
    bind.m[5] = 0;
    TA_ASSERT_OK(ta_scene_bind_skin(s, m, k, TA_BIND_MODE_DETACHED, &bind, &err), &err);
    TA_ASSERT_OK(ta_pose_bind_matrix_inverse(pose, s, m, &bind_inverse, &err), &err);
    for (int e = 0; e < 16; ++e) assert_true(bind_inverse.m[e] == 0.0f);
    /* a changed tree forgets the world matrices */
    TA_ASSERT_OK(ta_scene_set_parent(s, id[3], ta_node_none(), &err), &err);
    ta_mat4 marker = translation(7, 7, 7);
    bones[0] = marker;
    TA_ASSERT_REFUSED(ta_pose_skinning_pass(pose, s, k, bones, 3, &err), &err, TA_ERROR_BAD_STATE, "joint 0");
    assert_memory_equal(bones[0].m, marker.m, sizeof marker.m);
    TA_ASSERT_REFUSED(ta_pose_skinning_pass(pose, s, k, bones, 2, &err), &err, TA_ERROR_INVALID_ARGUMENT,
                      "bone_count: 2 is below the skin's 3 joints");
    TA_ASSERT_REFUSED(ta_pose_skinning_pass(pose, s, ta_skin_at(1), bones, 3, &err), &err, TA_ERROR_MISSING_TARGET,
                      "skin: skin 1 is not in the scene");
    ta_pose_destroy(pose);
    ta_scene_destroy(s);
}

/* ---- glTF ---------------------------------------------------------------------------- */

static json_t *skinned_primitive(gltf_tb *tb)
{
    static const float v[] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
    static const uint16_t j[] = {0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0};
    static const float w[] = {1, 0, 0, 0, 0.5f, 0.5f, 0, 0, 0, 1, 0, 0};
    uint32_t pos = gltf_tb_floats(tb, v, 3, "VEC3");
    json_t *acc = gltf_tb_get(tb, "accessors", pos);
    json_object_set_new(acc, "min", json_pack("[f,f,f]", 0.0, 0.0, 0.0));
    json_object_set_new(acc, "max", json_pack("[f,f,f]", 1.0, 1.0, 0.0));
    uint32_t jv = gltf_tb_view(tb, j, sizeof j, 0);
    uint32_t ja = gltf_tb_accessor(tb, (int)jv, 0, 5123, "VEC4", 3, false);
    uint32_t wa = gltf_tb_floats(tb, w, 3, "VEC4");
    return json_pack("{s:{s:i,s:i,s:i}}", "attributes", "POSITION", pos, "JOINTS_0", ja, "WEIGHTS_0", wa);
}

static void gltf_skins_keep_their_inverse_binds_and_are_shared(void **state)
{
    (void)state;
    gltf_tb tb;
    gltf_tb_init(&tb);
    float ibm[32];
    for (int k = 0; k < 32; ++k) ibm[k] = ((k % 16) % 5 == 0) ? 1.0f : 0.0f;
    ibm[12] = 0.25f;  /* joint 0: translation x 0.25 */
    ibm[16 + 13] = -2; /* joint 1: translation y -2 */
    uint32_t ia = gltf_tb_floats(&tb, ibm, 2, "MAT4");
    gltf_tb_add(&tb, "nodes", json_pack("{s:s,s:[i,i,i,i]}", "name", "root", "children", 1, 2, 3, 4)); /* 0 */
    gltf_tb_add(&tb, "nodes", json_pack("{s:s,s:[f,f,f],s:[i]}", "name", "j0", "translation", 0.0, 1.0, 0.0,
                                        "children", 5));                                         /* 1 */
    gltf_tb_add(&tb, "nodes", json_pack("{s:s,s:i,s:i}", "name", "body", "mesh", 0, "skin", 0));   /* 2 */
    gltf_tb_add(&tb, "nodes", json_pack("{s:s,s:i,s:i}", "name", "twin", "mesh", 1, "skin", 0));   /* 3 */
    gltf_tb_add(&tb, "nodes", json_pack("{s:s,s:i,s:i}", "name", "plain", "mesh", 1, "skin", 1));  /* 4 */
    gltf_tb_add(&tb, "nodes", json_pack("{s:s,s:[f,f,f]}", "name", "j1", "translation", 0.0, 2.0, 0.0)); /* 5 */
    json_t *p0 = skinned_primitive(&tb), *p1 = skinned_primitive(&tb), *p2 = skinned_primitive(&tb);
    gltf_tb_add(&tb, "meshes", json_pack("{s:[o,o]}", "primitives", p0, p1));
    gltf_tb_add(&tb, "meshes", json_pack("{s:[o]}", "primitives", p2));
    gltf_tb_add(&tb, "skins", json_pack("{s:[i,i],s:i}", "joints", 1, 5, "inverseBindMatrices", ia));
    gltf_tb_add(&tb, "skins", json_pack("{s:[i]}", "joints", 5));
    gltf_tb_add(&tb, "skins", json_pack("{s:[i]}", "joints", 1)); /* used by no mesh */
    gltf_tb_add(&tb, "scenes", json_pack("{s:[i]}", "nodes", 0));
    ta_model *model = NULL;
    ta_error err = {0};
    TA_ASSERT_OK(gltf_tb_load(&tb, GLTF_TB_GLB, NULL, &model, &err), &err);
    const ta_scene *s = model->scene;
    /* body's two primitives and twin share skin 0; plain has skin 1; skin 2 is not made */
    assert_int_equal(s->skinned_mesh_count, 4);
    assert_int_equal(s->skin_count, 2);
    assert_int_equal(model->source_skin_count, 3);
    assert_int_equal(model->source_skins[2].index, TA_NONE);
    ta_skin_id s0 = model->source_skins[0], s1 = model->source_skins[1];
    for (uint32_t i = 0; i < 3; ++i) assert_int_equal(s->skinned_meshes[i].skin.index, s0.index);
    assert_int_equal(s->skinned_meshes[3].skin.index, s1.index);
    for (uint32_t i = 0; i < 4; ++i) {
        ta_mat4 one = ta_mat4_identity();
        assert_memory_equal(s->skinned_meshes[i].bind_matrix.m, one.m, sizeof one.m); /* GLTFLoader's identity */
        assert_int_equal(s->skinned_meshes[i].bind_mode, TA_BIND_MODE_ATTACHED);
    }
    const ta_skin *k0 = ta_scene_skin(s, s0), *k1 = ta_scene_skin(s, s1);
    assert_int_equal(k0->joint_count, 2);
    assert_int_equal(k0->joints[0].index, model->source_nodes[1].index);
    assert_int_equal(k0->joints[1].index, model->source_nodes[5].index);
    assert_memory_equal(k0->inverse_binds[0].m, ibm, sizeof(float) * 16);
    assert_memory_equal(k0->inverse_binds[1].m, ibm + 16, sizeof(float) * 16);
    ta_mat4 one = ta_mat4_identity();
    assert_memory_equal(k1->inverse_binds[0].m, one.m, sizeof one.m);
    /* with the rig at rest, j1's bone matrix is its world (y 3) times its inverse bind (y -2) */
    ta_pose *pose = NULL;
    TA_ASSERT_OK(ta_pose_create(s, NULL, &pose, &err), &err);
    ta_mat4 *world = calloc(s->node_count, sizeof *world), bones[2];
    TA_ASSERT_OK(ta_pose_world_pass(pose, s, ta_node_none(), world, s->node_count, &err), &err);
    TA_ASSERT_OK(ta_pose_skinning_pass(pose, s, s0, bones, 2, &err), &err);
    assert_true(bones[1].m[13] == 1.0f && bones[0].m[12] == 0.25f && bones[0].m[13] == 1.0f);
    free(world);
    ta_pose_destroy(pose);
    ta_model_destroy(model);

    /* fewer inverse bind matrices than joints: refused, as three.js would read NaNs */
    json_object_set_new(gltf_tb_get(&tb, "skins", 0), "joints", json_pack("[i,i,i]", 1, 5, 0));
    model = (ta_model *)0x1;
    TA_ASSERT_REFUSED(gltf_tb_load(&tb, GLTF_TB_GLB, NULL, &model, &err), &err, TA_ERROR_PARSE,
                      "skins[0].inverseBindMatrices: accessor 0 holds 2 matrices, fewer than the skin's 3 joints");
    assert_ptr_equal(model, (ta_model *)0x1);
    gltf_tb_free(&tb);
}


/* ---- three.js JSON ------------------------------------------------------------------- */

static void object_json_writes_the_skin_and_reads_it_back(void **state)
{
    (void)state;
    ta_node_id id[4];
    ta_scene *s = chain(id);
    ta_error err = {0};
    ta_node_id joints[2] = {id[1], id[2]};
    /* inverse binds that are not the inverses of the joints' current world matrices */
    ta_mat4 ibm[2] = {translation(0.5f, -1, 0), translation(0, 0, 2)};
    ibm[1].m[5] = 0.25f;
    ta_skin_desc d = {joints, 2, ibm, "rig-skeleton"};
    ta_skin_id k;
    TA_ASSERT_OK(ta_scene_add_skin(s, &d, &k, &err), &err);
    ta_mesh_desc md = {0};
    md.node = id[3];
    ta_skinned_mesh_id m0, m1;
    TA_ASSERT_OK(ta_scene_add_skinned_mesh(s, &md, &m0, &err), &err);
    TA_ASSERT_OK(ta_scene_add_skinned_mesh(s, &md, &m1, &err), &err);
    ta_mat4 bind = translation(1, 2, 3);
    TA_ASSERT_OK(ta_scene_bind_skin(s, m0, k, TA_BIND_MODE_DETACHED, &bind, &err), &err);
    TA_ASSERT_OK(ta_scene_bind_skin(s, m1, k, TA_BIND_MODE_ATTACHED, NULL, &err), &err);
    char *text = NULL;
    TA_ASSERT_OK(ta_object_json_write(s, NULL, NULL, NULL, 0, NULL, &text, &err), &err);
    /* one skeleton for the two meshes, by the skin's uuid, with its inverses */
    TA_ASSERT_CONTAINS(text, "\"rig-skeleton\"");
    TA_ASSERT_CONTAINS(text, "\"detached\"");
    ta_model *back = NULL;
    TA_ASSERT_OK(ta_object_json_read(text, strlen(text), NULL, &back, &err), &err);
    ta_json_destroy(text);
    const ta_scene *b = back->scene;
    assert_int_equal(b->skin_count, 1);
    assert_int_equal(b->skinned_mesh_count, 2);
    const ta_skin *bs = ta_scene_skin(b, ta_skin_at(0));
    assert_string_equal(bs->uuid, "rig-skeleton");
    assert_memory_equal(bs->inverse_binds, ibm, sizeof ibm);
    const ta_mesh *b0 = &b->skinned_meshes[0], *b1 = &b->skinned_meshes[1];
    assert_int_equal(b0->skin.index, 0);
    assert_int_equal(b1->skin.index, 0);
    assert_int_equal(b0->bind_mode, TA_BIND_MODE_DETACHED);
    assert_int_equal(b1->bind_mode, TA_BIND_MODE_ATTACHED);
    assert_memory_equal(b0->bind_matrix.m, bind.m, sizeof bind.m);
    ta_model_destroy(back);
    ta_scene_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(skins_are_added_with_their_inverse_binds_and_refused_whole),
        cmocka_unit_test(binding_sets_bones_mode_and_matrix),
        cmocka_unit_test(world_pass_is_parent_first_and_matches_the_chain),
        cmocka_unit_test(pose_reads_a_new_tree_in_an_old_scenes_place),
        cmocka_unit_test(skinning_pass_is_joint_world_times_inverse_bind),
        cmocka_unit_test(gltf_skins_keep_their_inverse_binds_and_are_shared),
        cmocka_unit_test(object_json_writes_the_skin_and_reads_it_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
