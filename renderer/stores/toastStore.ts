import { create } from 'zustand';

export type ToastTone = 'info' | 'success' | 'error';
export type Toast = { id: number; tone: ToastTone; message: string };

type ToastState = {
  toasts: Toast[];
  show: (message: string, tone?: ToastTone) => number;
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
