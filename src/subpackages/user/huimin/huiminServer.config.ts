export default definePageConfig({ navigationBarTitleText: '服务中心' });
