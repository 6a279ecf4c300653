import { View } from '@tarojs/components';
import { useLoad, useRouter } from '@tarojs/taro';
import { useState } from 'react';
import type { Agreement as AgreementText } from '@contract/order';
import { errorMessage } from '../../../api/error-message';
import EmptyView from '../../../components/empty-view';
import PageShell from '../../../components/page-shell';
import Skeleton from '../../../components/skeleton';
import { USER_AGREEMENTS } from '../../../domain/agreements';
import { decodeParam } from '../../../domain/routes';
import { setPageTitle } from '../../../platform/ui';
import { useStores } from '../../../stores';
import './agreement.scss';

/** §2 user/agreement (query agreementSn, default the user agreement): §3 agreementName and agreementContent. */
export default function Agreement() {
  const { api } = useStores();
  const { params } = useRouter();
  const [sn, setSn] = useState(decodeParam(params.agreementSn) || USER_AGREEMENTS[0].agreementSn);
  const [agreement, setAgreement] = useState<AgreementText | null>(null);
  const [error, setError] = useState('');

  async function load(agreementSn: string) {
    setSn(agreementSn);
    setAgreement(null);
    setError('');
    try {
      const a = await api.order.agreement(agreementSn);
      setAgreement(a);
      setPageTitle(a.agreementName);
    } catch (err) {
      setError(errorMessage(err, '协议加载失败'));
    }
  }

  useLoad(() => void load(sn));

  const isUserArea = USER_AGREEMENTS.some((a) => a.agreementSn === sn);
  return (
    <PageShell className="sf-agreement">
      {isUserArea ? (
        <View className="sf-agreement__tabs">
          {USER_AGREEMENTS.map((a) => (
            <View
              key={a.agreementSn}
              className={`sf-agreement__tab ${a.agreementSn === sn ? 'is-active' : ''}`}
              onClick={() => void load(a.agreementSn)}
            >
              {a.title}
            </View>
          ))}
        </View>
      ) : null}
      {error ? (
        <EmptyView text={error} actionText="重新加载" onAction={() => void load(sn)} />
      ) : !agreement ? (
        <Skeleton variant="lines" count={8} />
      ) : (
        <View className="sf-agreement__card">
          <View className="sf-agreement__title" id="agreement-title">
            {agreement.agreementName}
          </View>
          {agreement.agreementContent.split('\n').map((line, i) => (
            <View key={i} className="sf-agreement__line">
              {line}
            </View>
          ))}
        </View>
      )}
    </PageShell>
  );
}
