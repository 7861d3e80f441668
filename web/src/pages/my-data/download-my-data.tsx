import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { getMyDataLink } from '@/features/privacy/api/get-my-data-link';
import { sendMyData } from '@/features/privacy/api/send-my-data';
import { errorMessage } from '@/lib/api-client';
import { deliverFile } from '@/messenger/deliver-file';
import { texts } from './texts';

type DownloadState =
  | { kind: 'idle' | 'preparing' | 'started' | 'sent' }
  | { kind: 'failed'; message: string };

/**
 * A copy of everything held, as a file: saved where Telegram can download files, else sent by the
 * bot into its chat with the user.
 */
export function DownloadMyData() {
  const [state, setState] = useState<DownloadState>({ kind: 'idle' });

  async function download() {
    setState({ kind: 'preparing' });
    try {
      setState({ kind: await deliverFile({ link: getMyDataLink, sendByBot: sendMyData }) });
    } catch (error) {
      setState({ kind: 'failed', message: errorMessage(error) });
    }
  }

  return (
    <>
      <Button busy={state.kind === 'preparing' && texts.preparing} onClick={download}>
        {texts.download}
      </Button>
      {state.kind === 'started' && <Notice tone="success">{texts.downloadStarted}</Notice>}
      {state.kind === 'sent' && <Notice tone="success">{texts.sentByBot}</Notice>}
      {state.kind === 'failed' && <Notice tone="error">{state.message}</Notice>}
    </>
  );
}
