import type { AppError } from '../../shared/ipc/index.ts';
import type { DroppedItem } from '../ui/castItemDrag.ts';
import {
  checkSignature,
  checkUpload,
  contentTypeOf,
  uploadFile,
  uploadLibraryMedia,
  type Refusal,
  type UploadKind,
  type UploadPhase,
  type Uploaded,
} from './uploads.ts';

/** A file or library item on its way to becoming a service URL a request can reference. */
export type Attachment = {
  key: string;
  name: string;
  kind: UploadKind | null;
  /** What to show meanwhile: a blob: URL of the local file, or the HTTPS URL itself. */
  previewUrl: string | null;
  mediaId: string | null;
  state: 'reading' | 'uploading' | 'ready' | 'failed';
  progress: number | null;
  url: string | null;
  /** Why it failed, worded when shown (`describeError`), so that it follows a change of language. */
  error: AppError | null;
};

export type AttachmentInput = { file: File } | { item: DroppedItem };

/** How an attachment list in some store is changed from outside. */
export type AttachmentSink = {
  add: (attachment: Attachment) => void;
  patch: (key: string, change: Partial<Attachment>) => void;
  /** Takes the slot away again and says why (a file that is not what its name says): no broken slot stays. */
  drop: (key: string, refusal: Refusal) => void;
};

let counter = 0;
const nextKey = () => `att-${Date.now().toString(36)}-${(counter++).toString(36)}`;

function kindOfItem(kind: string | null): UploadKind | null {
  if (kind === 'image' || kind === 'character_create') return 'image';
  if (kind === 'video' || kind === 'talk') return 'video';
  if (kind === 'audio') return 'audio';
  return null;
}

function progressPatch(phase: UploadPhase, fraction: number | null): Partial<Attachment> {
  // Reading is the first half of the bar; the upload itself reports no progress of its own.
  return phase === 'reading'
    ? { state: 'reading', progress: fraction === null ? null : fraction * 0.5 }
    : { state: 'uploading', progress: null };
}

function settle(sink: AttachmentSink, key: string, result: { ok: true; value: Uploaded } | { ok: false; error: AppError }): void {
  if (result.ok) sink.patch(key, { state: 'ready', progress: 1, url: result.value.url, error: null });
  // A service without uploads: no slot waits for a retry that cannot work; the field says why.
  else if (result.error.code === 'uploads_not_offered') sink.drop(key, { why: 'failed', error: result.error });
  else sink.patch(key, { state: 'failed', progress: null, error: result.error });
}

/**
 * Starts turning dropped or picked inputs into attachments: checks each against the upload types
 * and sizes and against the room left, uploads files, and takes gallery items and links as they are.
 * Returns what was refused and why, to word beside the drop zone (`refusalText`).
 */
export function attach(
  inputs: readonly AttachmentInput[],
  options: { kinds: readonly UploadKind[]; room: number; sink: AttachmentSink },
): Refusal[] {
  const refused: Refusal[] = [];
  let room = options.room;
  for (const input of inputs) {
    const name = 'file' in input ? input.file.name : input.item.title;
    if (room <= 0) {
      refused.push({ why: 'noRoom', name });
      continue;
    }
    const key = nextKey();
    const problem = 'file' in input ? attachFile(input.file, key, options) : attachItem(input.item, key, options);
    if (problem) refused.push(problem);
    else room -= 1;
  }
  return refused;
}

type AttachOptions = { kinds: readonly UploadKind[]; sink: AttachmentSink };

/** A file checked against the upload types and sizes, then uploaded; answers why it was refused, or null. */
function attachFile(file: File, key: string, options: AttachOptions): Refusal | null {
  const problem = checkUpload(file, options.kinds);
  const type = contentTypeOf(file);
  if (problem || !type) return problem ?? { why: 'wrongKind', name: file.name, kinds: options.kinds };
  const kind = type.split('/')[0] as UploadKind;
  options.sink.add({
    key,
    name: file.name,
    kind,
    previewUrl: URL.createObjectURL(file),
    mediaId: null,
    state: 'reading',
    progress: 0,
    url: null,
    error: null,
  });
  void uploadChecked(file, options.kinds, key, options.sink);
  return null;
}

/** A gallery item or a link: taken by its address when it has one, else its media is uploaded from the library. */
function attachItem(item: Extract<AttachmentInput, { item: unknown }>['item'], key: string, options: AttachOptions): Refusal | null {
  const kind = kindOfItem(item.kind);
  if (kind && !options.kinds.includes(kind)) return { why: 'otherKind', name: item.title, kind, kinds: options.kinds };
  if (item.url) {
    options.sink.add({
      key,
      name: item.title,
      kind,
      previewUrl: kind === 'image' ? item.url : null,
      mediaId: item.mediaId,
      state: 'ready',
      progress: 1,
      url: item.url,
      error: null,
    });
    return null;
  }
  if (!item.mediaId) return { why: 'noMedia', name: item.title };
  options.sink.add({
    key,
    name: item.title,
    kind,
    previewUrl: null,
    mediaId: item.mediaId,
    state: 'reading',
    progress: null,
    url: null,
    error: null,
  });
  const { mediaId } = item;
  void uploadLibraryMedia(mediaId, item.title, options.kinds, (phase, fraction) =>
    options.sink.patch(key, progressPatch(phase, fraction)),
  ).then((result) => settle(options.sink, key, result));
  return null;
}

/** Reads the file's first bytes before sending it: a file that is not what its name says never uploads. */
async function uploadChecked(file: File, kinds: readonly UploadKind[], key: string, sink: AttachmentSink): Promise<void> {
  const checked = await checkSignature(file, kinds);
  if ('refused' in checked) {
    sink.drop(key, checked.refused);
    return;
  }
  sink.patch(key, { kind: checked.type.split('/')[0] as UploadKind });
  const result = await uploadFile(file, checked.type, (phase, fraction) => sink.patch(key, progressPatch(phase, fraction)));
  settle(sink, key, result);
}

export function releaseAttachment(attachment: Attachment): void {
  if (attachment.previewUrl?.startsWith('blob:')) URL.revokeObjectURL(attachment.previewUrl);
}

export function readyUrls(attachments: readonly Attachment[]): string[] {
  return attachments.flatMap((attachment) => (attachment.state === 'ready' && attachment.url ? [attachment.url] : []));
}

export function stillUploading(attachments: readonly Attachment[]): boolean {
  return attachments.some((attachment) => attachment.state === 'reading' || attachment.state === 'uploading');
}
