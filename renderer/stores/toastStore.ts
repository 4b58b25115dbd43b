import { create } from 'zustand';
import type { Said } from '../errors/said.ts';
import type { Formats } from '../i18n/format.ts';

export type ToastTone = 'info' | 'success' | 'error';
/**
 * What a toast says, kept as it came (an error, a message of ours, or words put together from the
 * formats) and worded when drawn, so an error toast still up follows a change of language.
 */
export type ToastMessage = Said | ((formats: Formats) => string);
export type Toast = { id: number; tone: ToastTone; message: ToastMessage };

type ToastState = {
  toasts: Toast[];
  show: (message: ToastMessage, tone?: ToastTone) => number;
  dismiss: (id: number) => void;
  reset: () => void;
};

let nextId = 1;

/** Short notes about things that happened away from where the user is looking. */
export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  show: (message, tone = 'info') => {
    const id = nextId++;
    set((state) => ({ toasts: [...state.toasts.slice(-3), { id, tone, message }] }));
    return id;
  },
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
  reset: () => set({ toasts: [] }),
}));
