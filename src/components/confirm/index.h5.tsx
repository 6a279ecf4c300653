/**
 * H5 confirmation: taro-ui's AtModal in the project's theme, drawn by the page that asked (PageShell renders one
 * ConfirmHost per page, inside its themed root). Taro's own H5 showModal is an unthemed imitation of the
 * mini-program dialog.
 */
import { Button, Text } from '@tarojs/components';
import Taro, { useDidShow, useRouter } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import AtModal from 'taro-ui/lib/components/modal';
import AtModalAction from 'taro-ui/lib/components/modal/action';
import AtModalContent from 'taro-ui/lib/components/modal/content';
import AtModalHeader from 'taro-ui/lib/components/modal/header';
import { confirmStore } from './store';
import type { Confirm } from './types';
import './index.scss';

export type { ConfirmOptions } from './types';

const pathOf = (router: unknown) => (router as { $taroPath?: string } | null)?.$taroPath;

/** Asks before an action; resolves true when the visitor chose the confirm button. */
export const confirm: Confirm = (options) => confirmStore.ask(options, pathOf(Taro.getCurrentInstance().router));

/**
 * The dialog of one page, showing the question `confirm()` asked on this page. Built from AtModal's parts rather
 * than its `content` prop, which H5 renders as HTML: a bank name or an address is text.
 */
function ConfirmHost() {
  const atMount = pathOf(useRouter());
  const [page, setPage] = useState(atMount);
  // The router read at mount is the page on top then, which is not this one when a hidden page mounts its shell
  // late (a detail whose read came back after the visitor moved on); each show of this page says which it is.
  useDidShow(() => setPage(pathOf(Taro.getCurrentInstance().router)));
  useEffect(() => () => confirmStore.leave(page), [page]);
  const q = confirmStore.pending;
  // Mounted only while asking, so AtModal never freezes the body scroll (it does so only on a change of isOpened).
  if (!q || q.page !== page) return null;
  return (
    <AtModal isOpened className="sf-confirm" onClose={() => confirmStore.answer(false)}>
      <AtModalHeader>
        <Text>{q.title}</Text>
      </AtModalHeader>
      <AtModalContent>
        <Text className="sf-confirm__content">{q.content}</Text>
      </AtModalContent>
      <AtModalAction isSimple>
        <Button className="sf-confirm__cancel" onClick={() => confirmStore.answer(false)}>
          {q.cancelText}
        </Button>
        <Button className="sf-confirm__ok" onClick={() => confirmStore.answer(true)}>
          {q.confirmText}
        </Button>
      </AtModalAction>
    </AtModal>
  );
}

export default observer(ConfirmHost);
