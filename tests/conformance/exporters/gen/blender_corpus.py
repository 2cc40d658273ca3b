# Writes the Blender part of the exporter corpus with Blender's bundled glTF
# exporter (io_scene_gltf2). Run headless from this folder's parent:
#
#     blender -b --factory-startup --python gen/blender_corpus.py -- corpus
#
# Each file varies what users vary: an armature with several actions on NLA
# tracks, CONSTANT / LINEAR / BEZIER F-curves, sampled and unsampled export,
# keys before the start frame (negative key times), a start frame above 1,
# held poses (one key; all keys at one frame), shape keys (12 and 52 on one
# mesh), two scenes, and names with spaces, dots, colons and non-ASCII.
import math
import os
import sys

import bpy

out_dir = os.path.abspath(sys.argv[sys.argv.index("--") + 1] if "--" in sys.argv else "corpus")
os.makedirs(out_dir, exist_ok=True)


def reset():
    bpy.ops.wm.read_factory_settings(use_empty=True)
    scene = bpy.context.scene
    scene.render.fps = 30
    scene.frame_start = 1
    scene.frame_end = 40
    return scene


def key(obj, path, frame, value, interp="LINEAR", index=-1):
    if path == "rotation_quaternion" or path == "location" or path == "scale":
        setattr(obj, path, value)
    obj.keyframe_insert(data_path=path, frame=frame, index=index)
    act = obj.animation_data.action
    for fc in act.fcurves:
        if fc.data_path == path:
            for kp in fc.keyframe_points:
                if kp.co[0] == frame:
                    kp.interpolation = interp


def bone_key(pbone, path, frame, value, interp):
    setattr(pbone, path, value)
    pbone.keyframe_insert(data_path=path, frame=frame)
    act = pbone.id_data.animation_data.action
    for fc in act.fcurves:
        if fc.data_path.endswith(path) and pbone.name in fc.data_path:
            for kp in fc.keyframe_points:
                if kp.co[0] == frame:
                    kp.interpolation = interp


def quat_z(deg):
    a = math.radians(deg) / 2
    return (math.cos(a), 0.0, 0.0, math.sin(a))


def quat_x(deg):
    a = math.radians(deg) / 2
    return (math.cos(a), math.sin(a), 0.0, 0.0)


def make_rig(name="Rig", bone_names=("Hips", "Spine", "Arm.L")):
    arm_data = bpy.data.armatures.new(name + "Data")
    rig = bpy.data.objects.new(name, arm_data)
    bpy.context.scene.collection.objects.link(rig)
    bpy.context.view_layer.objects.active = rig
    bpy.ops.object.mode_set(mode="EDIT")
    parent = None
    for i, bn in enumerate(bone_names):
        b = arm_data.edit_bones.new(bn)
        b.head = (0, 0, i)
        b.tail = (0, 0, i + 1)
        if parent is not None:
            b.parent = parent
        parent = b
    bpy.ops.object.mode_set(mode="OBJECT")
    # A mesh skinned to the bones, one vertex group per bone.
    bpy.ops.mesh.primitive_cube_add(size=1, location=(0, 0, 1.5))
    body = bpy.context.active_object
    body.name = name + " Body"
    body.scale = (0.5, 0.5, 1.5)
    bpy.ops.object.transform_apply(scale=True)
    for bn in bone_names:
        body.vertex_groups.new(name=bn)
    for v in body.data.vertices:
        z = v.co.z + 1.5
        body.vertex_groups[0 if z < 1 else (1 if z < 2 else len(bone_names) - 1)].add([v.index], 1.0, "REPLACE")
    body.parent = rig
    mod = body.modifiers.new("Armature", "ARMATURE")
    mod.object = rig
    for pb in rig.pose.bones:
        pb.rotation_mode = "QUATERNION"
    return rig


def new_action(rig, name):
    act = bpy.data.actions.new(name)
    if rig.animation_data is None:
        rig.animation_data_create()
    rig.animation_data.action = act
    return act


def push_to_nla(rig, act):
    track = rig.animation_data.nla_tracks.new()
    track.name = act.name
    track.strips.new(act.name, int(act.frame_range[0]), act)
    rig.animation_data.action = None


def export(path, **kw):
    opts = dict(
        filepath=os.path.join(out_dir, path),
        export_format="GLB" if path.endswith(".glb") else "GLTF_EMBEDDED",
        export_animations=True,
        export_apply=False,
        export_yup=True,
    )
    opts.update(kw)
    bpy.ops.export_scene.gltf(**opts)
    print("wrote", path)


def rig_with_actions():
    scene = reset()
    rig = make_rig()
    hips, spine, arm = (rig.pose.bones[n] for n in ("Hips", "Spine", "Arm.L"))
    # Walk: LINEAR, 1..30
    new_action(rig, "Walk")
    for f, d in ((1, 0), (10, 30), (20, -30), (30, 0)):
        bone_key(hips, "location", f, (0, d / 100, 0), "LINEAR")
        bone_key(spine, "rotation_quaternion", f, quat_z(d), "LINEAR")
    push_to_nla(rig, rig.animation_data.action)
    # Wave: BEZIER, 1..24
    new_action(rig, "Wave")
    for f, d in ((1, 0), (8, 70), (16, -20), (24, 0)):
        bone_key(arm, "rotation_quaternion", f, quat_x(d), "BEZIER")
        bone_key(arm, "scale", f, (1 + d / 200, 1, 1), "BEZIER")
    push_to_nla(rig, rig.animation_data.action)
    # Step: CONSTANT, 1..20
    new_action(rig, "Step")
    for f, d in ((1, 0), (5, 0.2), (12, 0.5), (20, 0.1)):
        bone_key(hips, "location", f, (d, 0, 0), "CONSTANT")
    push_to_nla(rig, rig.animation_data.action)
    # Held poses: one key per channel, at frame 0 (time 0: a clip of no
    # length) and at frame 1.
    new_action(rig, "Pose Held")
    bone_key(spine, "rotation_quaternion", 0, quat_z(45), "LINEAR")
    bone_key(arm, "location", 0, (0.1, 0.2, 0.3), "LINEAR")
    push_to_nla(rig, rig.animation_data.action)
    new_action(rig, "Pose.Frame1")
    bone_key(hips, "rotation_quaternion", 1, quat_x(20), "BEZIER")
    push_to_nla(rig, rig.animation_data.action)
    return scene


def export_rig_variants():
    rig_with_actions()
    export("blender_rig_sampled.glb", export_force_sampling=True, export_nla_strips=True)
    rig_with_actions()
    export("blender_rig_unsampled.glb", export_force_sampling=False, export_nla_strips=True)
    rig_with_actions()
    export("blender_rig_unsampled.gltf", export_force_sampling=False, export_nla_strips=True)


def keys_before_start():
    # Keys from frame -5 while the scene starts at frame 10: the exporter writes
    # times below 0. One object LINEAR, one BEZIER (unsampled: CUBICSPLINE).
    scene = reset()
    scene.frame_start = 10
    scene.frame_end = 50
    bpy.ops.mesh.primitive_cube_add(size=1)
    a = bpy.context.active_object
    a.name = "Early Cube"
    a.rotation_mode = "QUATERNION"
    for f, d in ((-5, 0), (12, 90), (30, 180), (45, 200)):
        key(a, "location", f, (d / 100, 0, 0), "LINEAR")
        key(a, "rotation_quaternion", f, quat_z(d), "LINEAR")
    bpy.ops.mesh.primitive_cube_add(size=1, location=(2, 0, 0))
    b = bpy.context.active_object
    b.name = "Early.Bezier"
    b.rotation_mode = "QUATERNION"
    for f, d in ((-8, 0), (15, 1), (40, -1)):
        key(b, "location", f, (2, d, 0), "BEZIER")
        key(b, "scale", f, (1 + d / 4, 1, 1), "BEZIER")
        key(b, "rotation_quaternion", f, quat_x(d * 100), "BEZIER")
    export("blender_keys_before_start_unsampled.glb", export_force_sampling=False)
    export("blender_keys_before_start_sampled.glb", export_force_sampling=True)


def start_frame_above_one():
    scene = reset()
    scene.frame_start = 24
    scene.frame_end = 72
    bpy.ops.mesh.primitive_cube_add(size=1)
    a = bpy.context.active_object
    a.name = "Late Cube"
    for f, d in ((24, 0), (48, 1), (72, 0)):
        key(a, "location", f, (0, 0, d), "BEZIER")
    # A held pose on another object: every key at one frame.
    bpy.ops.mesh.primitive_cube_add(size=1, location=(3, 0, 0))
    b = bpy.context.active_object
    b.name = "Held"
    key(b, "location", 0, (3, 1, 0), "LINEAR")
    key(b, "scale", 0, (2, 2, 2), "LINEAR")
    export("blender_start_frame_24.glb", export_force_sampling=False)


def shape_keys(count, name, path):
    reset()
    bpy.ops.mesh.primitive_uv_sphere_add(segments=8, ring_count=6)
    face = bpy.context.active_object
    face.name = name
    face.shape_key_add(name="Basis")
    for k in range(count):
        sk = face.shape_key_add(name="key %d" % k if k % 3 else "Ä.%d:shape" % k)
        for i, v in enumerate(sk.data):
            if i % count == k or i % 7 == k % 7:
                v.co.z += 0.1 + k * 0.01
    keys = face.data.shape_keys
    for k, block in enumerate(keys.key_blocks[1:]):
        for f in (1, 10 + k % 5, 25):
            block.value = 0.0 if f != 10 + k % 5 else (k + 1) / count
            block.keyframe_insert("value", frame=f)
        for fc in keys.animation_data.action.fcurves:
            for kp in fc.keyframe_points:
                kp.interpolation = ("LINEAR", "BEZIER", "CONSTANT")[k % 3] if fc.data_path == block.path_from_id("value") else kp.interpolation
    export(path, export_force_sampling=True, export_morph=True, export_morph_normal=False)


def two_scenes():
    scene = reset()
    scene.name = "First Scene"
    bpy.ops.mesh.primitive_cube_add(size=1)
    a = bpy.context.active_object
    a.name = "名前"
    for f, d in ((1, 0), (20, 2)):
        key(a, "location", f, (d, 0, 0), "LINEAR")
    second = bpy.data.scenes.new("Second Scene")
    second.render.fps = 30
    second.frame_start = 1
    second.frame_end = 30
    mesh = bpy.data.meshes.new("Tri")
    mesh.from_pydata([(0, 0, 0), (1, 0, 0), (0, 1, 0)], [], [(0, 1, 2)])
    b = bpy.data.objects.new("Hip:Joint Two", mesh)
    second.collection.objects.link(b)
    b.rotation_mode = "QUATERNION"
    for f, d in ((1, 0), (15, 90), (30, 10)):
        b.rotation_quaternion = quat_z(d)
        b.keyframe_insert("rotation_quaternion", frame=f)
    export("blender_two_scenes.gltf", export_force_sampling=False)


export_rig_variants()
keys_before_start()
start_frame_above_one()
shape_keys(12, "Face Twelve", "blender_shape_keys_12.glb")
shape_keys(52, "Face.ARKit", "blender_shape_keys_52.glb")
two_scenes()
