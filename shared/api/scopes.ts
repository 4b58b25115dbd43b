import type { GenerationType } from './catalog.ts';
import type { Scope } from './keys.ts';

// spec 5.3: talk is a lipsync-style video operation, so it needs videos:generate.
export function scopeForGeneration(type: GenerationType): Scope {
  return type === 'image' ? 'images:generate' : 'videos:generate';
}
