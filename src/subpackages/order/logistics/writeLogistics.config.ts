export default definePageConfig({ navigationBarTitleText: '填写物流' });
