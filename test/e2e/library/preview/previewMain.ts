// The preview page: the real renderer over the in-memory bridge. The bridge must be in place
// before the renderer's modules run, so it is installed first and the renderer imported after.
import { fakeBridge } from './fakeBridge.ts';

Object.defineProperty(window, 'cast', { value: fakeBridge, configurable: false, writable: false });
await import('../../../../renderer/main.tsx');
