import { Text, View } from '@tarojs/components';
import { useEffect, useState } from 'react';
import { noticeParts } from '../../domain/agreements';
import { ROUTES } from '../../domain/routes';
import { openPage } from '../../platform/navigation';
import { useStores } from '../../stores';
import './index.scss';

interface EntranceTipProps {
  /** The notice's key (§7 /front/v1/entrance/tips enumKey): LOGIN, ORDER_SUBMIT, INTEGRAL_QUERY. */
  enumKey: string;
  /** id on the tip, for tests. */
  id?: string;
}

/**
 * A notice the server keeps per key and project type, shown where its key belongs; nothing when there is none.
 * The agreements it names (《用户协议》, 《隐私政策》) open their texts.
 */
export default function EntranceTip({ enumKey, id }: EntranceTipProps) {
  const { api, session } = useStores();
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    api.entrance
      .tips(enumKey, session.userInfo?.unionId, session.projectEnum ?? undefined)
      .then((r) => live && setText(r.tips))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, session, enumKey]);
  if (!text) return null;
  return (
    <View className="sf-entrance-tip" id={id}>
      {noticeParts(text).map((part, i) =>
        part.agreementSn ? (
          <Text
            key={i}
            className="sf-entrance-tip__link"
            onClick={() => void openPage(ROUTES.agreement, { agreementSn: part.agreementSn })}
          >
            {part.text}
          </Text>
        ) : (
          <Text key={i}>{part.text}</Text>
        ),
      )}
    </View>
  );
}
