import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useHandoffStore } from '../../stores/handoffStore.ts';
import { useNavigationStore } from '../../stores/navigationStore.ts';
import { useGenerateStore } from './generateStore.ts';

/**
 * What other screens hand the generate panel: "Vary" from the gallery opens it prefilled; "Use as
 * reference" and "Use in a talk clip" from the gallery and the voice lab attach the item.
 */
export function useGenerateHandoffs(): void {
  const actions = useGenerateStore(
    useShallow((s) => ({
      setType: s.setType,
      loadAudioSources: s.loadAudioSources,
      applyPrefill: s.applyPrefill,
      addMedia: s.addMedia,
      setAudioTrack: s.setAudioTrack,
    })),
  );
  const handoff = useHandoffStore((s) => s.handoff);
  const prefill = useNavigationStore((s) => s.generatePrefill);

  useEffect(() => {
    if (!prefill) return;
    const taken = useNavigationStore.getState().takeGeneratePrefill();
    if (taken) actions.applyPrefill(taken);
  }, [prefill, actions]);

  useEffect(() => {
    if (!handoff) return;
    const taken = useHandoffStore.getState().take();
    if (!taken) return;
    // The service's own URL when the library has it; otherwise the downloaded file is uploaded again.
    const url = taken.remoteUrl?.startsWith('https://') ? taken.remoteUrl : null;
    const item = { url, itemId: taken.itemId, mediaId: taken.mediaId, title: taken.title };
    if (taken.purpose === 'talk-audio') {
      actions.setType('talk');
      void actions.loadAudioSources().then(() => {
        const known = useGenerateStore.getState().tracks.some((track) => track.id === taken.itemId);
        if (known) actions.setAudioTrack(taken.itemId);
        else actions.addMedia('audio_url', [{ item: { ...item, kind: 'audio' } }]);
      });
    } else if (taken.kind === 'video' || taken.kind === 'talk') {
      actions.setType('video');
      useGenerateStore.getState().setValue('video_mode', 'remix');
      actions.addMedia('reference_video', [{ item: { ...item, kind: taken.kind } }]);
    } else {
      if (useGenerateStore.getState().type === 'talk') actions.setType('image');
      actions.addMedia('reference_images', [{ item: { ...item, kind: taken.kind } }]);
    }
  }, [handoff, actions]);
}
