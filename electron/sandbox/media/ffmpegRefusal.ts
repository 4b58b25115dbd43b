/**
 * ffmpeg was not run on a file (it is not what it was uploaded as), or was stopped at one of its
 * limits. The message is a sentence for the creator that says which (it fails the job as it is),
 * so callers pass it on rather than their generic one.
 */
export class FfmpegRefusal extends Error {
  override name = 'FfmpegRefusal';
}
