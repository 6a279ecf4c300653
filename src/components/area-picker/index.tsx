import { ScrollView, View } from '@tarojs/components';
import { observer, useLocalObservable } from 'mobx-react-lite';
import { runInAction } from 'mobx';
import { useCallback, useEffect } from 'react';
import type { Area } from '@contract/address';
import { createAddressApi } from '../../api/address';
import { errorMessage } from '../../api/error-message';
import { toast } from '../../platform/ui';
import { domainApi } from '../../stores/domain-api';
import Popup from '../popup';
import './index.scss';

export interface PickedArea {
  provinceId: string;
  cityId: string;
  areaId: string;
  names: [string, string, string];
}

interface AreaPickerProps {
  open: boolean;
  onClose: () => void;
  onPick: (area: PickedArea) => void;
}

const LEVEL_TITLES = ['省份', '城市', '区县'];

/** Province -> city -> county, each level loaded from /front/v1/common/area/childList as the user drills down. */
function AreaPicker({ open, onClose, onPick }: AreaPickerProps) {
  // Only the address form (user sub-package) shows it: the address calls stay out of the main package.
  const address = domainApi(createAddressApi);
  const state = useLocalObservable(() => ({
    level: 0,
    chosen: [] as Area[],
    list: [] as Area[],
    loading: false,
  }));

  // Stable (address and state never change), so the opening effect runs when `open` changes and at no other time.
  const loadLevel = useCallback(
    async (level: number, parentId: string) => {
      runInAction(() => (state.loading = true));
      try {
        const { list } = await address.areaChildren(parentId);
        runInAction(() => {
          state.list = list;
          state.level = level;
        });
      } catch (err) {
        toast(errorMessage(err, '地区加载失败'));
      } finally {
        runInAction(() => (state.loading = false));
      }
    },
    [address, state],
  );

  useEffect(() => {
    if (open) {
      runInAction(() => (state.chosen = []));
      void loadLevel(0, '0');
    }
  }, [open, loadLevel, state]);

  function choose(area: Area) {
    const chosen = [...state.chosen.slice(0, state.level), area];
    runInAction(() => (state.chosen = chosen));
    if (state.level < 2 && area.hasChildren) {
      void loadLevel(state.level + 1, area.id);
      return;
    }
    const [p, c, a] = [chosen[0], chosen[1] ?? chosen[0], chosen[2] ?? chosen[1] ?? chosen[0]];
    onPick({ provinceId: p.id, cityId: c.id, areaId: a.id, names: [p.name, c.name, a.name] });
    onClose();
  }

  function back(level: number) {
    const parent = level === 0 ? '0' : state.chosen[level - 1].id;
    runInAction(() => (state.chosen = state.chosen.slice(0, level)));
    void loadLevel(level, parent);
  }

  return (
    <Popup open={open} title="选择所在地区" onClose={onClose} className="sf-area">
      <View className="sf-area__tabs">
        {state.chosen.map((a, i) => (
          <View key={a.id} className="sf-area__tab" onClick={() => back(i)}>
            {a.name}
          </View>
        ))}
        {state.level >= state.chosen.length ? (
          <View className="sf-area__tab is-active">请选择{LEVEL_TITLES[state.level]}</View>
        ) : null}
      </View>
      <ScrollView scrollY className="sf-area__list">
        {state.loading ? <View className="sf-area__loading">加载中...</View> : null}
        {state.list.map((a) => (
          <View
            key={a.id}
            className={`sf-area__item ${state.chosen[state.level]?.id === a.id ? 'is-on' : ''}`}
            onClick={() => choose(a)}
          >
            {a.name}
          </View>
        ))}
      </ScrollView>
    </Popup>
  );
}

export default observer(AreaPicker);
