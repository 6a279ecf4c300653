/**
 * A screen's main button that, on Baidu, is also the submit button of the subscribe form Baidu grants notices
 * through (domain/subscribe-form.ts): the customer's own tap on 查看订单 / 提交申请 opens Baidu's permission panel,
 * the grant is recorded, and the button does what it says. While no templates are configured it is the plain button
 * of plain-button.tsx. WeChat and H5 use that only, so their builds never carry Taro's Form.
 */
import { Button, Form } from '@tarojs/components';
import { useEffect, useState } from 'react';
import { newSubscribeId } from '../../domain/subscribe-form';
import { subscribeAsker } from '../../stores';
import PlainButton, { type SubscribeButtonProps } from './plain-button';
import './index.scss';

interface SubscribeForm {
  templateIds: string[];
  subscribeId: string;
}

export default function SubscribeButton({ moment, id, className, onTap, children }: SubscribeButtonProps) {
  const [form, setForm] = useState<SubscribeForm | null>(null);

  useEffect(() => {
    let live = true;
    void subscribeAsker.formTemplates(moment).then((templateIds) => {
      if (live && templateIds.length) setForm({ templateIds, subscribeId: newSubscribeId(moment) });
    });
    return () => {
      live = false;
    };
  }, [moment]);

  if (!form)
    return (
      <PlainButton moment={moment} id={id} className={className} onTap={onTap}>
        {children}
      </PlainButton>
    );
  return (
    <Form
      reportSubmit
      reportType="subscribe"
      // One template as a string (Baidu 3.105.3); an array of 1-3 needs 3.170.1.
      templateId={form.templateIds.length === 1 ? form.templateIds[0] : form.templateIds}
      subscribeId={form.subscribeId}
      onSubmit={(e) => {
        void subscribeAsker.recordForm(form.subscribeId, form.templateIds, e.detail);
        // The next grant needs its own subscribe-id to carry another message.
        setForm({ ...form, subscribeId: newSubscribeId(moment) });
        onTap();
      }}
    >
      <Button id={id} className={`sf-subscribe-button ${className ?? ''}`} formType="submit">
        {children}
      </Button>
    </Form>
  );
}
