import { useState } from 'react';
import { Button } from '@mantine/core';
import { ConfirmDialog } from '@/components/confirm-dialog';

interface EndSessionsButtonProps {
  label: string;
  /** What the confirmation says will happen. */
  text: string;
  onEnd: () => Promise<unknown>;
  testId: string;
  size?: 'xs' | 'sm';
}

/** A red button that ends sessions once confirmed ("End all other sessions", "End all sessions"). */
export function EndSessionsButton({ label, text, onEnd, testId, size = 'sm' }: EndSessionsButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = () => {
    setBusy(true);
    void onEnd().catch(() => undefined).finally(() => { setBusy(false); setConfirming(false); });
  };
  return (
    <>
      <Button size={size} variant="light" color="red" onClick={() => setConfirming(true)} data-testid={testId}>{label}</Button>
      <ConfirmDialog opened={confirming} title={label} text={text} confirmColor="red" confirmLabel={label} loading={busy} onCancel={() => setConfirming(false)} onConfirm={confirm} />
    </>
  );
}
