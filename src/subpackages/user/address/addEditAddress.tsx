import { Switch, View } from '@tarojs/components';
import AtInput from 'taro-ui/lib/components/input';
import Taro, { useLoad, useRouter } from '@tarojs/taro';
import { observer, useLocalObservable } from 'mobx-react-lite';
import { runInAction } from 'mobx';
import { ADDRESS_DETAIL_MAX, CONSIGNEE_NAME_MAX } from '@contract/constants';
import AreaPicker, { type PickedArea } from '../../../components/area-picker';
import PageShell from '../../../components/page-shell';
import TextField from '../../../components/text-field';
import { validateAddressForm } from '../../../domain/address-form';
import { location } from '../../../platform/location';
import { toast } from '../../../platform/ui';
import { useStores } from '../../../stores';
import { userPackageApi } from '../api';
import { errorMessage } from '../../../api/error-message';
import { bindText, bindValue, sendForm } from '../../../stores/form-send';
import './address.scss';
import { removeAddress } from './remove-address';

/** §2 add or edit an address (params id, type, update); update=1 hands the saved address back to the order. */
function AddEditAddress() {
  const { session } = useStores();
  const api = userPackageApi();
  const { params } = useRouter();
  const id = params.id ? String(params.id) : '';
  const form = useLocalObservable(() => ({
    consigneeName: '',
    consigneeTelephone: '',
    provinceId: '',
    cityId: '',
    areaId: '',
    areaText: '',
    fullAddress: '',
    isDefault: false,
    pickerOpen: false,
    sending: false,
  }));

  useLoad(async () => {
    void Taro.setNavigationBarTitle({ title: id ? '编辑收货地址' : '新增收货地址' });
    if (!id) return;
    try {
      const a = await api.address.get(id);
      runInAction(() => {
        Object.assign(form, {
          consigneeName: a.consigneeName,
          consigneeTelephone: a.consigneeTelephone,
          provinceId: a.provinceId,
          cityId: a.cityId,
          areaId: a.areaId,
          areaText: a.fullAreaName,
          fullAddress: a.fullAddress,
          isDefault: a.isDefault,
        });
      });
    } catch (err) {
      toast(errorMessage(err, '地址加载失败'));
    }
  });

  function onPick(area: PickedArea) {
    runInAction(() => {
      form.provinceId = area.provinceId;
      form.cityId = area.cityId;
      form.areaId = area.areaId;
      form.areaText = area.names.filter((n, i, all) => all.indexOf(n) === i).join(' ');
    });
  }

  const save = () =>
    sendForm(form, {
      problem: validateAddressForm(form),
      fallback: '保存失败，请重试',
      run: async () => {
        const saved = await api.address.save({
          addressId: id || undefined,
          consigneeName: form.consigneeName.trim(),
          consigneeTelephone: form.consigneeTelephone.trim(),
          provinceId: form.provinceId,
          cityId: form.cityId,
          areaId: form.areaId,
          fullAddress: form.fullAddress.trim(),
          isDefault: form.isDefault,
        });
        if (params.update) session.setAddressInfo(saved);
        toast('保存成功', 'success');
        setTimeout(() => void Taro.navigateBack(), 500);
      },
    });

  /** 定位 (§2 /choose-location): the chosen place fills the detail line and is kept as locationInfo (§3). */
  async function locateDetail() {
    const place = await location.chooseLocation();
    if (!place) return;
    session.setLocationInfo(place);
    runInAction(
      () => (form.fullAddress = [place.address, place.name].filter(Boolean).join(' ').slice(0, ADDRESS_DETAIL_MAX)),
    );
  }

  async function remove() {
    if (await removeAddress(api, session, id)) setTimeout(() => void Taro.navigateBack(), 500);
  }

  return (
    <PageShell className="sf-address-form">
      <View className="sf-address-form__group">
        <AtInput
          name="address-name"
          title="收货人"
          maxlength={CONSIGNEE_NAME_MAX}
          placeholder="请输入收货人姓名"
          {...bindValue(form, 'consigneeName')}
        />
        <AtInput
          name="address-phone"
          title="手机号码"
          type="number"
          maxlength={11}
          placeholder="请输入手机号码"
          {...bindValue(form, 'consigneeTelephone')}
        />
        <View
          className="sf-address-form__row"
          id="address-area"
          onClick={() => runInAction(() => (form.pickerOpen = true))}
        >
          <View className="sf-address-form__label">所在地区</View>
          <View className={`sf-address-form__input ${form.areaText ? '' : 'is-placeholder'}`}>
            {form.areaText || '请选择所在地区'}
          </View>
          <View className="sf-lines__arrow">›</View>
        </View>
        <TextField
          boxClass="sf-address-form__row sf-address-form__row--tall"
          labelClass="sf-address-form__label"
          fieldClass="sf-address-form__textarea"
          label="详细地址"
          id="address-detail"
          multiline
          maxLength={ADDRESS_DETAIL_MAX}
          placeholder="街道、楼牌号等"
          {...bindText(form, 'fullAddress')}
        >
          <View className="sf-address-form__locate" id="address-locate" onClick={() => void locateDetail()}>
            定位
          </View>
        </TextField>
      </View>
      <View className="sf-address-form__group">
        <View className="sf-address-form__row">
          <View className="sf-address-form__label sf-address-form__label--wide">设为默认地址</View>
          <Switch
            checked={form.isDefault}
            color="#f2270c"
            onChange={(e) => runInAction(() => (form.isDefault = e.detail.value))}
          />
        </View>
      </View>
      <View className={`sf-btn sf-address-form__save ${form.sending ? 'is-disabled' : ''}`} onClick={() => void save()}>
        保存
      </View>
      {id ? (
        <View className="sf-btn is-ghost sf-address-form__delete" onClick={() => void remove()}>
          删除收货地址
        </View>
      ) : null}
      <AreaPicker open={form.pickerOpen} onClose={() => runInAction(() => (form.pickerOpen = false))} onPick={onPick} />
    </PageShell>
  );
}

export default observer(AddEditAddress);
