export default definePageConfig({ navigationBarTitleText: '售后进度' });
