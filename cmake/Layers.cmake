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
# which includes every header, sits with the top layer. Each layer's include
# path holds only its own folder and those below it (src/CMakeLists.txt), so
# an upward include does not compile.
#
# core, scene and animation make the runtime library (no JSON dependency);
# io makes the loaders' library, on top of it, the only one that needs jansson.
set(TA_LAYERS core scene animation io)
set(TA_RUNTIME_LAYERS core scene animation)

set(TA_LAYER_HEADERS_core
  allocator.h color.h export.h file.h ids.h math.h random.h result.h units.h worker_pool.h)
set(TA_LAYER_HEADERS_scene
  camera.h ik.h instance.h light.h material.h pose.h scene.h skin.h)
set(TA_LAYER_HEADERS_animation
  animation_action.h animation_clip.h animation_clip_creator.h animation_markers.h
  animation_mask.h animation_mixer.h animation_object_group.h animation_seek.h blend_space.h sync_group.h
  animation_utils.h clip_compress.h frame.h keyframe_track.h property.h rebind.h root_motion.h track_kind_list.h)
set(TA_LAYER_HEADERS_io
  animation_json.h gltf.h model.h object_json.h threeanim.h)

# The internal headers of lower layers a layer may include, when it may not
# include all of them: its include path then holds its own folder and only
# these (the layer test checks the same, and that each of them includes only
# public headers and others of the list). io, the loaders, works through the
# public API but for these few helpers it shares with the runtime:
#   core/internal.h         allocation, errors, growing arrays
#   core/file_read.h        reading a file
#   core/suggest.h          the names to suggest when a name matches nothing
#   core/math_internal.h    matrix arithmetic in double (a bone's inverse as three.js gives it)
#   animation/interpolant.h the key interpolation kernels (cutting a glTF sampler at time 0)
#   animation/track_kinds.h the kind table (naming and checking a track's target as ta_track_create does)
set(TA_LAYER_SHARED_HEADERS_io
  core/internal.h core/file_read.h core/suggest.h core/math_internal.h core/elementary.h
  animation/interpolant.h animation/track_kinds.h)
