export { MediaPlayer } from './MediaPlayer.tsx';
export { PlayButton } from './PlayButton.tsx';
