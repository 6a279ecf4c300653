import { View } from '@tarojs/components';
import Taro, { useDidShow, useRouter } from '@tarojs/taro';
import { observer, useLocalObservable } from 'mobx-react-lite';
import { runInAction } from 'mobx';
import { useRef } from 'react';
import AtSwipeAction from 'taro-ui/lib/components/swipe-action';
import type { Address } from '@contract/address';
import { errorMessage } from '../../../api/error-message';
import EmptyView from '../../../components/empty-view';
import PageShell from '../../../components/page-shell';
import { ROUTES } from '../../../domain/routes';
import { openPage } from '../../../platform/navigation';
import { settleSwipeRows } from '../../../platform/swipe';
import { useStores } from '../../../stores';
import { userPackageApi } from '../api';
import './address.scss';
import { removeAddress } from './remove-address';

/** Swiping a row left shows these (taro-ui's swipe action); 编辑 stays on the row for a tap too. */
const SWIPE_OPTIONS = [
  { text: '编辑', className: 'sf-addresses__swipe-edit' },
  { text: '删除', className: 'sf-addresses__swipe-delete' },
];

/** §2 delivery addresses; with `selectable` a tap returns the address to the page that asked (submit screen). */
function DeliveryAddress() {
  const { session } = useStores();
  const api = userPackageApi();
  const { params } = useRouter();
  const selectable = params.selectable === '1' || params.selectable === 'true';
  const state = useLocalObservable(() => ({ list: [] as Address[], loaded: false, error: '' }));

  async function load() {
    try {
      const { list } = await api.address.list();
      runInAction(() => {
        state.list = list;
        state.loaded = true;
        state.error = '';
      });
    } catch (err) {
      runInAction(() => (state.error = errorMessage(err, String(err))));
    }
  }

  useDidShow(() => void load());

  function pick(address: Address) {
    if (!selectable) return;
    session.setAddressInfo(address);
    void Taro.navigateBack();
  }

  function edit(address: Address) {
    void openPage(ROUTES.addEditAddress, { id: address.addressId, type: 'edit', update: selectable ? 1 : undefined });
  }

  async function remove(address: Address) {
    if (await removeAddress(api, session, address.addressId)) await load();
  }

  // AtSwipeAction sizes itself to the window width (Taro.getSystemInfo); the row inside must match it exactly,
  // or the options it reveals would sit off by the difference.
  const rowWidth = `${Taro.getSystemInfoSync().windowWidth}px`;
  const rows = useRef(null);

  return (
    <PageShell className="sf-addresses">
      {/* A row let go half way must still end open or closed (platform/swipe). */}
      <View ref={rows} onTouchEnd={() => settleSwipeRows(rows.current)}>
        {state.list.map((a) => (
          <AtSwipeAction
            key={a.addressId}
            className="sf-addresses__swipe"
            options={SWIPE_OPTIONS}
            autoClose
            onClick={(_option: unknown, index: number) => (index === 0 ? edit(a) : void remove(a))}
          >
            <View className="sf-addresses__row" style={{ width: rowWidth }}>
              <View className="sf-addresses__item" data-address-id={a.addressId} onClick={() => pick(a)}>
                <View className="sf-addresses__main">
                  <View className="sf-addresses__who">
                    {a.consigneeName}
                    <View className="sf-addresses__tel">{a.consigneeTelephone}</View>
                    {a.isDefault ? <View className="sf-addresses__default">默认</View> : null}
                  </View>
                  <View className="sf-addresses__full">
                    {a.fullAreaName} {a.fullAddress}
                  </View>
                </View>
                <View
                  className="sf-addresses__edit"
                  onClick={(e) => {
                    e.stopPropagation();
                    edit(a);
                  }}
                >
                  编辑
                </View>
              </View>
            </View>
          </AtSwipeAction>
        ))}
      </View>
      {state.loaded && !state.list.length ? <EmptyView text="暂无收货地址" /> : null}
      {state.error ? <EmptyView text={state.error} actionText="重新加载" onAction={() => void load()} /> : null}
      <View className="sf-addresses__spacer" />
      <View className="sf-addresses__bar">
        <View
          className="sf-btn"
          onClick={() => void openPage(ROUTES.addEditAddress, { type: 'add', update: selectable ? 1 : undefined })}
        >
          新增收货地址
        </View>
      </View>
    </PageShell>
  );
}

export default observer(DeliveryAddress);
