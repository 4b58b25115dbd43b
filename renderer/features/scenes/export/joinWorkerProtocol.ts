import type { AppError, SceneExportStage, SceneJoin } from '../../../../shared/ipc/index.ts';
import type { JoinClip } from './joinClips.ts';

/** How far an export has come, as the export dialog shows it. */
export type SceneExportProgress = { stage: SceneExportStage; progress: number };

/** The page → the join worker. */
export type ToJoinWorker =
  | { type: 'start'; clips: JoinClip[]; title: string; mode: 'join' | 'measure' }
  /** A piece was taken by core (or refused: the worker stops). */
  | { type: 'written'; id: number; ok: boolean }
  | { type: 'cancel' };

/** The join worker → the page. */
export type FromJoinWorker =
  | { type: 'progress'; stage: SceneExportStage; progress: number }
  | { type: 'write'; id: number; position: number; dataBase64: string }
  | { type: 'done'; join: SceneJoin }
  | { type: 'failed'; error: AppError };
