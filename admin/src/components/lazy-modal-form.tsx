/**
 * A modal form whose code loads when its trigger is first clicked. Forms built with pro-form's fields bring
 * ProField with every field type (about 130 KB gzip); a list opened by its address shows without waiting for
 * them (scripts/admin-budget.mjs). Each opening mounts the form afresh, as destroyOnHidden did.
 */
import {
  cloneElement,
  lazy,
  Suspense,
  useState,
  type FunctionComponent,
  type MouseEvent,
  type ReactElement,
} from 'react';

/** What the loaded form gets in place of its trigger: ModalForm's own open and onOpenChange. */
export interface ModalOpen {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

type Trigger = ReactElement<{ onClick?: (e: MouseEvent) => void }>;

export function lazyModalForm<P extends object>(load: () => Promise<FunctionComponent<P & ModalOpen>>) {
  // Typed back to the loaded form's props: lazy()'s own type loses them to generic P.
  const Form = lazy(async () => ({ default: await load() })) as unknown as FunctionComponent<P & ModalOpen>;
  function LazyModalForm({ trigger, ...props }: P & { trigger: Trigger }) {
    const [open, setOpen] = useState(false);
    // Counts openings: 0 while never opened, so the code is not fetched before it is wanted.
    const [opened, setOpened] = useState(0);
    const formProps = { ...(props as unknown as P), open, onOpenChange: setOpen } as P &
      ModalOpen &
      JSX.IntrinsicAttributes;
    return (
      <>
        {cloneElement(trigger, {
          onClick: (e: MouseEvent) => {
            e.preventDefault();
            setOpened((n) => n + 1);
            setOpen(true);
          },
        })}
        {opened ? (
          <Suspense fallback={null}>
            <Form key={opened} {...formProps} />
          </Suspense>
        ) : null}
      </>
    );
  }
  return LazyModalForm;
}
