export default definePageConfig({ navigationBarTitleText: '确认兑换' });
