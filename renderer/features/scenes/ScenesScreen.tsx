import { useEffect } from 'react';
import { registerStoreReset } from '../../stores/resetStores.ts';
import { useCharactersStore } from '../../stores/charactersStore.ts';
import { useCastStore } from './castStore.ts';
import { SceneEditor } from './SceneEditor.tsx';
import { SceneList } from './SceneList.tsx';
import { useScenesStore } from './scenesStore.ts';
import './scenes.css';

for (const store of [useScenesStore, useCastStore]) registerStoreReset(() => store.getState().reset());

/** Scenes: the list of scenes, or one scene's editor and player. */
export function ScenesScreen() {
  const openId = useScenesStore((s) => s.openId);
  useEffect(() => {
    // The cast and its voices are what lines are spoken by; both are read afresh when the section opens.
    if (!useCharactersStore.getState().loaded) void useCharactersStore.getState().load();
    void useCastStore.getState().load();
  }, []);
  return openId ? <SceneEditor key={openId} sceneId={openId} /> : <SceneList />;
}
