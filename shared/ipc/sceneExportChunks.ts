/** A piece of the joined MP4 on its way to core (base64 of at most 512 KiB, so a frame stays under 1 MB). */
export const SCENE_EXPORT_CHUNK_BYTES = 512 * 1024;
