import { useCallback, type ReactNode } from 'react';
import { App, Popconfirm } from 'antd';
import { useToast } from '../hooks/use-toast';

interface ConfirmButtonProps {
  /** The question, e.g. `Void ABCD2345?`. */
  title: string;
  /** What confirming does, keeps or loses. */
  description: ReactNode;
  /** The confirming button's word (`Delete`, `Void`, `Send`). */
  okText?: string;
  /** A red confirming button: the action destroys something. */
  danger?: boolean;
  /** The OK button spins until the returned promise settles. */
  onConfirm: () => Promise<unknown> | void;
  /** The button that asks. */
  children: ReactNode;
}

/** A button that asks first, in a popover beside it (row actions, page actions). */
export function ConfirmButton({
  title,
  description,
  okText,
  danger,
  onConfirm,
  children,
}: ConfirmButtonProps) {
  return (
    <Popconfirm
      title={title}
      description={description}
      okText={okText}
      okButtonProps={danger ? { danger: true } : undefined}
      onConfirm={onConfirm}
    >
      {children}
    </Popconfirm>
  );
}

export interface ConfirmOptions {
  title: string;
  content: ReactNode;
  /** The confirming button's word (`Delete`, `Erase`, `Leave`). */
  okText: string;
  /** `Cancel` unless the page says otherwise (`Stay`). */
  cancelText?: string;
  /** The dialog stays open, its OK button spinning, until the returned promise settles. */
  onOk: () => Promise<unknown> | void;
}

type ToastText = [string, string?];

export interface ConfirmedAction<T = unknown> {
  title: string;
  content: ReactNode;
  okText: string;
  /** The work; a throw becomes the `failure` toast. */
  run: () => Promise<T>;
  /** The success toast's title and description, or a function of what the work answered. */
  success: ToastText | ((result: T) => ToastText);
  /** The failure toast's sentence when the server sent none. */
  failure: string;
  /** After the success toast (reloading the list); a throw here is a failure too. */
  after?: () => Promise<unknown>;
}

/**
 * The admin's one confirmation dialog for destructive actions: a red OK button, the focus on
 * Cancel so Enter does not destroy anything. `confirmAction` adds the toasts of spec §8.
 */
export function useConfirm() {
  const { modal } = App.useApp();
  const toast = useToast();

  const confirm = useCallback(
    ({ title, content, okText, cancelText = 'Cancel', onOk }: ConfirmOptions) => {
      modal.confirm({
        title,
        content,
        okText,
        okButtonProps: { danger: true },
        cancelText,
        autoFocusButton: 'cancel',
        onOk,
      });
    },
    [modal],
  );

  const confirmAction = useCallback(
    <T,>({ run, success, failure, after, ...dialog }: ConfirmedAction<T>) =>
      confirm({
        ...dialog,
        onOk: async () => {
          try {
            const result = await run();
            toast.success(...(typeof success === 'function' ? success(result) : success));
            await after?.();
          } catch (err) {
            toast.failure(err, failure);
          }
        },
      }),
    [confirm, toast],
  );

  return { confirm, confirmAction };
}
