# The layers, bottom to top, and which public header belongs to which: the
# one place this is written. The build (src/CMakeLists.txt), the layer test
# (tests/layers) and the symbols check (tests/package) read it.
#
#   core       results and errors, allocators, math, colours, units, random
#   scene      the scene model an animation writes into: nodes, meshes,
#              skins, lights, cameras, materials, poses, instances
#   animation  keyframe tracks, clips, actions, the mixer
#   io         the loaders and writers: glTF, three.js JSON, models
#
# A layer uses only itself and the layers below it. A source file's layer is
# its folder (src/<layer>/); a public header's is given here. threeanim.h,
# which includes every header, sits with the top layer.
#
# core, scene and animation make the runtime library (no JSON dependency);
# io makes the loaders' library, on top of it, the only one that needs jansson.
set(TA_LAYERS core scene animation io)
set(TA_RUNTIME_LAYERS core scene animation)

set(TA_LAYER_HEADERS_core
  allocator.h color.h export.h file.h ids.h math.h random.h result.h units.h)
set(TA_LAYER_HEADERS_scene
  camera.h instance.h light.h material.h pose.h scene.h skin.h)
set(TA_LAYER_HEADERS_animation
  animation_action.h animation_clip.h animation_clip_creator.h animation_markers.h
  animation_mask.h animation_mixer.h animation_object_group.h animation_seek.h
  animation_utils.h keyframe_track.h property.h rebind.h root_motion.h track_kind_list.h)
set(TA_LAYER_HEADERS_io
  animation_json.h gltf.h model.h object_json.h threeanim.h)
