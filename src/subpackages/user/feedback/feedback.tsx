import { View } from '@tarojs/components';
import Taro from '@tarojs/taro';
import { runInAction } from 'mobx';
import { observer, useLocalObservable } from 'mobx-react-lite';
import {
  FEEDBACK_CONTACT_MAX,
  FEEDBACK_CONTENT_MAX,
  FEEDBACK_IMAGES_MAX,
  FEEDBACK_TYPES,
} from '@contract/constants-feedback';
import ImagePicker from '../../../components/image-picker';
import PageShell from '../../../components/page-shell';
import TextField from '../../../components/text-field';
import { FEEDBACK_TEXTS, feedbackProblem } from '../../../domain/feedback';
import { toast } from '../../../platform/ui';
import { userPackageApi } from '../api';
import { bindText, sendForm } from '../../../stores/form-send';
import './feedback.scss';

/** The feedback page's cards: a bold label over the field. */
const CARD = { boxClass: 'sf-feedback__card', labelClass: 'sf-feedback__label' };

/** §1/§2 意见反馈: a type, the text, up to 6 images (uploaded as picked, platform/upload) and a contact. */
function Feedback() {
  const api = userPackageApi();
  const draft = useLocalObservable(() => ({
    feedbackType: '',
    content: '',
    images: [] as string[],
    contact: '',
    sending: false,
  }));

  // What was typed stays on the page when the send fails, for another try.
  const send = () =>
    sendForm(draft, {
      problem: feedbackProblem(draft),
      fallback: '提交失败，请重试',
      run: async () => {
        await api.feedback.submit({
          feedbackType: draft.feedbackType,
          content: draft.content.trim(),
          images: draft.images,
          contact: draft.contact.trim() || undefined,
        });
        toast(FEEDBACK_TEXTS.sent, 'success');
        runInAction(() => Object.assign(draft, { feedbackType: '', content: '', images: [], contact: '' }));
        setTimeout(() => void Taro.navigateBack().catch(() => undefined), 1500);
      },
    });

  return (
    <PageShell className="sf-feedback">
      <View className="sf-feedback__card">
        <View className="sf-feedback__label">反馈类型</View>
        <View className="sf-feedback__types">
          {FEEDBACK_TYPES.map((type) => (
            <View
              key={type}
              className={`sf-feedback__type ${draft.feedbackType === type ? 'is-active' : ''}`}
              onClick={() => runInAction(() => (draft.feedbackType = type))}
            >
              {type}
            </View>
          ))}
        </View>
      </View>
      <TextField
        {...CARD}
        label="反馈内容"
        fieldClass="sf-feedback__textarea"
        id="feedback-content"
        multiline
        maxLength={FEEDBACK_CONTENT_MAX}
        placeholder={FEEDBACK_TEXTS.placeholder}
        {...bindText(draft, 'content')}
      >
        <View className="sf-feedback__count">
          {draft.content.length}/{FEEDBACK_CONTENT_MAX}
        </View>
      </TextField>
      <View className="sf-feedback__card">
        <View className="sf-feedback__label">图片（选填）</View>
        <ImagePicker
          value={draft.images}
          max={FEEDBACK_IMAGES_MAX}
          onChange={(urls) => runInAction(() => (draft.images = urls))}
        />
      </View>
      <TextField
        {...CARD}
        label="联系方式"
        fieldClass="sf-feedback__input"
        id="feedback-contact"
        maxLength={FEEDBACK_CONTACT_MAX}
        placeholder={FEEDBACK_TEXTS.contactPlaceholder}
        {...bindText(draft, 'contact')}
      />
      <View
        id="feedback-submit"
        className={`sf-btn sf-feedback__submit ${draft.sending ? 'is-disabled' : ''}`}
        onClick={() => void send()}
      >
        提交反馈
      </View>
    </PageShell>
  );
}

export default observer(Feedback);
