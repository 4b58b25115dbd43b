/**
 * Sound of any sample rate and channel count to one rate and stereo, chunk by chunk, for joining
 * clips whose sound differs (an encoder takes one format for a whole track). Linear interpolation:
 * plenty for speech, and continuous across chunks (the last input frame is carried over).
 */
export class LinearResampler {
  private readonly step: number;
  /** Where the next output frame falls, in input frames from the carried-over frame (or the chunk's start). */
  private position = 0;
  private last: Float32Array[] | null = null;
  private readonly channels: number;

  constructor(fromRate: number, toRate: number, channels = 2) {
    this.step = fromRate / toRate;
    this.channels = channels;
  }

  /** One chunk of input (a plane per channel, equal lengths); answers the output ready so far. */
  push(input: readonly Float32Array[]): Float32Array[] {
    const mapped = mapChannels(input, this.channels);
    const length = mapped[0]?.length ?? 0;
    if (length === 0) return this.channelsOf(0);
    const carried = this.last ? this.last.map((plane) => plane[0] ?? 0) : null;
    const offset = carried ? 1 : 0;
    const total = length + offset;
    const at = (channel: number, index: number): number =>
      index < offset ? (carried?.[channel] ?? 0) : (mapped[channel]?.[index - offset] ?? 0);
    const count = Math.max(0, Math.ceil((total - 1 - this.position) / this.step));
    const output = this.channelsOf(count);
    for (let frame = 0; frame < count; frame += 1) {
      const position = this.position + frame * this.step;
      const index = Math.floor(position);
      const fraction = position - index;
      for (let channel = 0; channel < this.channels; channel += 1) {
        const a = at(channel, index);
        output[channel]![frame] = a + (at(channel, index + 1) - a) * fraction;
      }
    }
    this.position += count * this.step - (total - 1);
    this.last = mapped.map((plane) => plane.subarray(length - 1));
    return output;
  }

  /** The output still owed for the last input frame. */
  flush(): Float32Array[] {
    if (!this.last || this.position > 0) return this.channelsOf(0);
    const output = this.channelsOf(1);
    for (let channel = 0; channel < this.channels; channel += 1) output[channel]![0] = this.last[channel]?.[0] ?? 0;
    this.last = null;
    return output;
  }

  private channelsOf(frames: number): Float32Array[] {
    return Array.from({ length: this.channels }, () => new Float32Array(frames));
  }
}

/** Mono to every channel; more channels than wanted keep the first ones. */
function mapChannels(input: readonly Float32Array[], channels: number): Float32Array[] {
  return Array.from({ length: channels }, (_, channel) => input[Math.min(channel, input.length - 1)] ?? new Float32Array(0));
}
