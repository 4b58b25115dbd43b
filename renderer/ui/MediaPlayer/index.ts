export { MediaPlayer } from './MediaPlayer.tsx';
export { PlayButton } from './PlayButton.tsx';
export { FullscreenButton, MediaScrubSlider, MediaTime, PlayPauseButton, useFullscreen, VolumeControl } from './MediaControls.tsx';
export { actionForKey, clock } from './playerKeys.ts';
